import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createPglite, embeddedDataFolder, openDatabase, PGLITE_SHARED_BUFFERS } from './client.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'castline-embedded-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The embedded engine's buffer pool, as the database itself reports it, opened as the server opens it. */
async function sharedBuffers(): Promise<string> {
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    const { rows } = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
      rows: { shared_buffers: string }[];
    };
    return rows[0]!.shared_buffers;
  } finally {
    await database.close();
  }
}

// The embedded pass only (vitest.config.ts): the run's template is a PGlite dump there.
describe('the embedded database', () => {
  it('runs with its own buffer pool, whatever its postgresql.conf names', async () => {
    // A data folder as a restored backup leaves it: the run's migrated template, written out.
    const dump = await readFile(inject('databaseTemplate'));
    const seeded = await createPglite({
      dataDir: embeddedDataFolder(dataDir),
      loadDataDir: new Blob([dump]),
    });
    await seeded.close();
    const conf = readFileSync(path.join(embeddedDataFolder(dataDir), 'postgresql.conf'), 'utf8');
    expect(conf).toMatch(/^shared_buffers = 128MB/m);

    expect(PGLITE_SHARED_BUFFERS).toBe('32MB');
    expect(await sharedBuffers()).toBe('32MB');
  });
});
