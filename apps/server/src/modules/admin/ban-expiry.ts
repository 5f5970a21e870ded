import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.js';
import { liftExpiredBan, membersWithExpiredBans } from './ban-store.js';

/** How often bans past their end date are lifted (and the members' content restored). */
export const BAN_EXPIRY_INTERVAL_MS = 60_000;
/** The background job's name (its cross-instance lock). */
export const BAN_EXPIRY_JOB = 'ban-expiry';

/**
 * Lifts every ban whose end date has passed: the member is active again and their listings,
 * posts and comments come back without waiting for them to sign in. Returns their ids.
 */
export async function liftExpiredBans(database: DatabaseHandle, now: Date = new Date()): Promise<string[]> {
  const lifted: string[] = [];
  for (const userId of await membersWithExpiredBans(database.db, now)) {
    if (await database.db.transaction((tx) => liftExpiredBan(tx, userId, now))) lifted.push(userId);
  }
  return lifted;
}

/** Runs the ban-expiry job every minute on one instance at a time. */
export function scheduleBanExpiry(app: FastifyInstance, database: DatabaseHandle): void {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = database
      .exclusive(BAN_EXPIRY_JOB, () => liftExpiredBans(database))
      .catch((error: unknown) => app.log.error({ err: error }, 'ban expiry failed'))
      .finally(() => {
        running = null;
      });
  }, BAN_EXPIRY_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
