import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createPglite, embeddedDataFolder } from '../db/client.js';
import { EmbeddedDatabaseBusyError, embeddedDatabaseHolder } from '../db/embedded-lock.js';

/** What a backup holds, counted when it is made and again when it is restored. */
export interface BackupCounts {
  members: number;
  listings: number;
  messages: number;
  posts: number;
}

async function countRows(client: Awaited<ReturnType<typeof createPglite>>): Promise<BackupCounts> {
  const { rows } = await client.query<{ members: number; listings: number; messages: number; posts: number }>(
    `select (select count(*) from profiles)::int as members, (select count(*) from products)::int as listings,
            (select count(*) from messages)::int as messages, (select count(*) from posts)::int as posts`,
  );
  return rows[0]!;
}

function refuseWhileOpen(folder: string): void {
  const holder = embeddedDatabaseHolder(folder);
  if (holder !== null) throw new EmbeddedDatabaseBusyError(folder, holder);
}

const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');

/**
 * Writes the embedded database (DATA_DIR/pglite) to one gzipped tarball of its data folder, by
 * default DATA_DIR/backups/castline-<UTC time>.tar.gz. Refuses while a server has it open.
 */
export async function backupEmbeddedDatabase(dataDir: string, file?: string) {
  const folder = embeddedDataFolder(dataDir);
  if (!existsSync(folder)) throw new Error(`No embedded database in ${folder}: nothing to back up.`);
  refuseWhileOpen(folder);
  const client = await createPglite({ dataDir: folder });
  try {
    const counts = await countRows(client);
    const dump = await client.dumpDataDir('gzip');
    const target = path.resolve(
      file ?? path.join(dataDir, 'backups', `castline-${stamp(new Date())}.tar.gz`),
    );
    mkdirSync(path.dirname(target), { recursive: true });
    // Written beside the target first, so that a backup is never left half-written under its name.
    const partial = `${target}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, target);
    return { file: target, bytes: statSync(target).size, counts };
  } finally {
    await client.close();
  }
}

/**
 * Replaces the embedded database with a backup. The backup is opened and checked in a folder of
 * its own first; only then is the current data folder moved aside (kept, never deleted, as
 * DATA_DIR/pglite.before-restore-<UTC time>) and the restored one put in its place. Refuses while
 * a server has the database open.
 */
export async function restoreEmbeddedDatabase(dataDir: string, file: string) {
  const folder = embeddedDataFolder(dataDir);
  refuseWhileOpen(folder);
  const archive = readFileSync(path.resolve(file));
  const now = stamp(new Date());
  const restoring = `${folder}.restoring-${now}`;
  rmSync(restoring, { recursive: true, force: true });
  mkdirSync(restoring, { recursive: true });
  let counts: BackupCounts;
  try {
    const client = await createPglite({ dataDir: restoring, loadDataDir: new Blob([archive]) });
    try {
      counts = await countRows(client);
    } finally {
      await client.close();
    }
  } catch (error) {
    rmSync(restoring, { recursive: true, force: true });
    throw new Error(`${file} is not a Castline backup that opens: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const previous = existsSync(folder) ? `${folder}.before-restore-${now}` : null;
  if (previous) renameSync(folder, previous);
  renameSync(restoring, folder);
  return { counts, previous };
}
