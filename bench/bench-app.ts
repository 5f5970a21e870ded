import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createPglite, databaseFromPglite } from '../apps/server/src/db/client.js';
import { createOutboxMailer } from '../apps/server/src/platform/mail/outbox-mailer.js';
import { createDatabaseRateLimiter } from '../apps/server/src/platform/rate-limit/database-rate-limiter.js';
import { createLocalFileStorage } from '../apps/server/src/platform/storage/file-storage.js';

/** The real app, in-process, on a fresh migrated PGlite database in a temporary folder. */
export async function startBenchApp(name: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), `castline-${name}-`));
  const client = await createPglite();
  const database = databaseFromPglite(client);
  await database.migrate();
  const logger = pino({ level: 'silent' });
  const rateLimiter = createDatabaseRateLimiter(database.db);
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', WEB_DIST_DIR: dataDir }),
    database,
    mailer: createOutboxMailer(database.db, logger),
    rateLimiter,
    storage: createLocalFileStorage(path.join(dataDir, 'files')),
    authSecret: 'bench-secret-that-is-long-enough-0123456789abcdef',
    logger,
  });
  await app.ready();
  return {
    app,
    client,
    database,
    async stop() {
      await app.close();
      await rateLimiter.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
