import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { EmbeddedDatabaseBusyError } from '../db/embedded-lock.js';
import { products, profiles } from '../db/schema/index.js';
import { buildListing, buildUser } from '../../test/factories.js';
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from './embedded-backup.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const folders: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'castline-backup-'));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** Opens the embedded database of `dir` as the server does, runs `work`, closes it. */
async function withDatabase<T>(
  dir: string,
  work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
) {
  const database = await openDatabase({ databaseUrl: undefined, dataDir: dir });
  try {
    await database.migrate();
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const titles = (db: Awaited<ReturnType<typeof openDatabase>>['db']) =>
  db
    .select({ title: products.title })
    .from(products)
    .orderBy(products.title)
    .then((rows) => rows.map((row) => row.title));

// Each test opens and closes embedded databases several times, and one starts the command five
// times (tsx and a PGlite each): tens of seconds when the rest of the suite shares the cores.
describe('backup and restore of the embedded database', { timeout: 120_000 }, () => {
  it('restores a backup: the data of the moment it was made, the later changes kept aside', async () => {
    const dir = dataDir();
    const sellerId = await withDatabase(dir, async (db) => {
      const seller = await buildUser(db);
      await buildListing(db, seller.id, { title: 'Penn Battle III 4000 reel' });
      await buildListing(db, seller.id, { title: 'Ugly Stik GX2 rod' });
      return seller.id;
    });

    const backup = await backupEmbeddedDatabase(dir);
    expect(backup.file).toMatch(/backups\/castline-\d{8}-\d{6}\.tar\.gz$/);
    expect(backup.counts).toMatchObject({ members: 1, listings: 2 });
    expect(existsSync(`${backup.file}.partial`)).toBe(false);

    // Changes after the backup: a listing deleted, another added.
    await withDatabase(dir, async (db) => {
      await db.delete(products).where(eq(products.title, 'Ugly Stik GX2 rod'));
      await buildListing(db, sellerId, { title: 'Made after the backup' });
    });

    const restored = await restoreEmbeddedDatabase(dir, backup.file);
    expect(restored.counts).toEqual(backup.counts);
    expect(await withDatabase(dir, titles)).toEqual(['Penn Battle III 4000 reel', 'Ugly Stik GX2 rod']);
    await withDatabase(dir, async (db) => {
      const [seller] = await db.select().from(profiles).where(eq(profiles.id, sellerId));
      expect(seller?.products_count).toBe(2);
    });

    // The database the restore replaced is kept, with the later changes.
    expect(restored.previous).toMatch(/pglite\.before-restore-\d{8}-\d{6}$/);
    const other = dataDir();
    renameSync(restored.previous!, path.join(other, 'pglite'));
    expect(await withDatabase(other, titles)).toEqual(['Made after the backup', 'Penn Battle III 4000 reel']);
  });

  it('refuses while another process has the database open, and leaves a bad backup out', async () => {
    const dir = dataDir();
    await withDatabase(dir, async (db) => {
      await buildListing(db, (await buildUser(db)).id, { title: 'Still here' });
    });

    // Another live process holds the data folder.
    const holder = spawn('sleep', ['30']);
    try {
      writeFileSync(path.join(dir, 'pglite.lock'), String(holder.pid));
      await expect(backupEmbeddedDatabase(dir)).rejects.toBeInstanceOf(EmbeddedDatabaseBusyError);
      await expect(openDatabase({ databaseUrl: undefined, dataDir: dir })).rejects.toThrow(
        `is open in another Castline process (pid ${holder.pid})`,
      );
    } finally {
      holder.kill();
    }
    await new Promise((resolve) => holder.once('exit', resolve));

    // Its lock is stale once it has exited; a file that is not a backup is refused.
    const bogus = path.join(dir, 'not-a-backup.tar.gz');
    writeFileSync(bogus, 'this is not a tarball');
    await expect(restoreEmbeddedDatabase(dir, bogus)).rejects.toThrow('is not a Castline backup that opens');
    expect(await withDatabase(dir, titles)).toEqual(['Still here']);
  });

  it('runs as npm run db:backup and db:restore', async () => {
    const dir = dataDir();
    const { DATABASE_URL: _unused, ...env } = process.env;
    const run = (args: string[], extra: Record<string, string> = {}) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/ops/db-cli.ts', ...args], {
        cwd: serverRoot,
        env: { ...env, DATA_DIR: dir, ...extra },
        encoding: 'utf8',
      });
    expect(run(['backup']).stderr).toContain('No embedded database');
    expect(run(['restore']).status).toBe(2);
    const postgres = run(['backup'], { DATABASE_URL: 'postgres://localhost/castline' });
    expect(postgres.status).toBe(2);
    expect(postgres.stderr).toContain('pg_dump');

    await withDatabase(dir, async (db) => {
      await buildListing(db, (await buildUser(db)).id, { title: 'Shimano Curado 200K' });
    });
    const file = path.join(dir, 'nightly.tar.gz');
    const backup = run(['backup', file]);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`Backed up 1 members, 1 listings, 0 messages, 0 forum posts to ${file}`);
    await withDatabase(dir, (db) => db.delete(products));
    const restore = run(['restore', file]);
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('Restored 1 members, 1 listings');
    expect(await withDatabase(dir, titles)).toEqual(['Shimano Curado 200K']);
  });
});
