/**
 * npm run db:backup [-- <file>]   the embedded database to DATA_DIR/backups (or <file>)
 * npm run db:restore -- <file>    the embedded database from a backup
 *
 * For the embedded database (no DATABASE_URL). With PostgreSQL, use pg_dump and pg_restore
 * (docs/deploy.md); the commands say so and exit 2.
 */
import { loadConfig } from '../config.js';
import { backupEmbeddedDatabase, restoreEmbeddedDatabase, type BackupCounts } from './embedded-backup.js';

const USAGE = 'usage: npm run db:backup [-- <file>] | npm run db:restore -- <file>';

const describe = (counts: BackupCounts) =>
  `${counts.members} members, ${counts.listings} listings, ${counts.messages} messages, ${counts.posts} forum posts`;

async function main(): Promise<number> {
  const [command, file, ...rest] = process.argv.slice(2);
  if (
    (command !== 'backup' && command !== 'restore') ||
    rest.length > 0 ||
    (command === 'restore' && !file)
  ) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump and restore it with pg_restore (see docs/deploy.md).',
    );
    return 2;
  }
  if (command === 'backup') {
    const made = await backupEmbeddedDatabase(config.dataDir, file);
    console.log(
      `Backed up ${describe(made.counts)} to ${made.file} (${(made.bytes / 1024 / 1024).toFixed(1)} MB).`,
    );
  } else {
    const restored = await restoreEmbeddedDatabase(config.dataDir, file!);
    console.log(`Restored ${describe(restored.counts)} from ${file}.`);
    if (restored.previous) console.log(`The database it replaced is kept in ${restored.previous}.`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
