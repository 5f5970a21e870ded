import { EventEmitter } from 'node:events';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { databaseUrlFor, testEngine } from '../../test/test-engine.js';
import { databaseFromPool, openDatabase } from './client.js';

/*
 * PostgreSQL ends connections when it restarts or an administrator terminates them. pg reports
 * that as an 'error' event on the pool (an idle connection) or on the client (one checked out);
 * an 'error' event nobody listens to ends the Node process, every instance at once.
 */
describe('a connection the database ends', () => {
  it('is reported, not thrown: on the pool and on a checked-out client, and the pool goes on', async () => {
    // Never connects: the events are what pg emits when the server ends a connection.
    const pool = new pg.Pool({ connectionString: 'postgres://castline@127.0.0.1:9/none' });
    const reported = vi.fn();
    const handle = databaseFromPool(pool, { onConnectionError: reported });
    const ended = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });

    expect(() => pool.emit('error', ended, new EventEmitter())).not.toThrow();
    const client = new EventEmitter();
    pool.emit('connect', client);
    expect(() => client.emit('error', ended)).not.toThrow();
    expect(reported.mock.calls).toEqual([[ended], [ended]]);
    await handle.close();

    // On PostgreSQL, for real: the server ends every connection of an instance's pool.
    if (testEngine() === 'postgres') await serverEndsConnections();
  });
});

/** Four pooled connections ended by the server; the process lives on and the next statement works. */
async function serverEndsConnections() {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `castline_loss_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const handle = await openDatabase({
    databaseUrl: databaseUrlFor(adminUrl, name),
    dataDir: '/nonexistent',
    pool: { max: 4, statementTimeoutMs: 5_000 },
  });
  try {
    // Four idle connections in the pool, then the server ends them all.
    await Promise.all([1, 2, 3, 4].map(() => handle.ping()));
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The process is still here, and the next statements get fresh connections.
    expect(await handle.ping()).toBe(true);
  } finally {
    await handle.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
