import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { databaseFromPglite, databaseFromPool, type DatabaseHandle } from '../src/db/client.js';
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
    const handle = databaseFromPool(
      new pg.Pool({ connectionString: databaseUrlFor(adminUrl, name), max: 5 }),
    );
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
  const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
  return databaseFromPglite(client);
}
