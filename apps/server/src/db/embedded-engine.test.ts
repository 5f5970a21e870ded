import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedDataFolder, openDatabase, PGLITE_SHARED_BUFFERS } from './client.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'castline-embedded-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The embedded engine's buffer pool, as the database itself reports it. */
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

// A new embedded database takes seconds to create while the rest of the suite shares the cores.
describe('the embedded database', { timeout: 60_000 }, () => {
  it('runs with its own buffer pool, new and reopened, whatever its postgresql.conf names', async () => {
    expect(PGLITE_SHARED_BUFFERS).toBe('32MB');
    expect(await sharedBuffers()).toBe('32MB');
    const conf = readFileSync(path.join(embeddedDataFolder(dataDir), 'postgresql.conf'), 'utf8');
    expect(conf).toMatch(/^shared_buffers = 128MB/m);
    expect(await sharedBuffers()).toBe('32MB');
  });
});
