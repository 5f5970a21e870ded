import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, databaseFromPglite, databaseFromPool } from '../src/db/client.js';
import { databaseUrlFor, testEngine } from './test-engine.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dumped, migrated data directory. PostgreSQL: name of a migrated template database. */
    databaseTemplate: string;
  }
}

/** Migrates one template database per run; each test file then starts from a copy of it. */
export default async function setup(project: TestProject) {
  const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
  if (testEngine() === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `castline_tpl_${runId}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const handle = databaseFromPool(
      new pg.Pool({ connectionString: databaseUrlFor(adminUrl, name), max: 2 }),
    );
    await handle.migrate();
    await handle.close();
    project.provide('databaseTemplate', name);
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }

  const dir = path.resolve(import.meta.dirname, '../../../.tmp');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${runId}.tar`);
  const client = await createPglite();
  const handle = databaseFromPglite(client);
  await handle.migrate();
  const dump = await client.dumpDataDir('none');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('databaseTemplate', file);
  return async () => {
    await rm(file, { force: true });
  };
}
