import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { createPglite, databaseFromPglite, databaseFromPool, type DatabaseHandle } from '../src/db/client.js';
import { databaseUrlFor, testEngine } from './test-engine.js';

/** A fresh, migrated database for one test file: a copy of the run's template. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('databaseTemplate');
  if (testEngine() === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `castline_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${template}`);
    } finally {
      await admin.end();
    }
    const pool = new pg.Pool({ connectionString: databaseUrlFor(adminUrl, name), max: 5 });
    // Dropping the database at close terminates connections the pool is still letting go of
    // (57P01); that is the end of this test file's database, not a failure.
    pool.on('error', (error: Error & { code?: string }) => {
      if (error.code !== '57P01') throw error;
    });
    const handle = databaseFromPool(pool);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }
  const dump = await readFile(template);
  const client = await createPglite({ loadDataDir: new Blob([dump]) });
  return databaseFromPglite(client);
}
