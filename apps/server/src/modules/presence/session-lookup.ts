import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import type { SessionLookup } from './realtime.hub.js';

/** Ids per query when the hub reads many sockets' sessions at once. */
const CHUNK = 1000;

/** When the sessions behind open sockets expire, read from the sessions table (absent: ended). */
export function createSessionLookup(db: Database): SessionLookup {
  return {
    async expiries(sessionIds) {
      const found = new Map<string, Date>();
      for (let start = 0; start < sessionIds.length; start += CHUNK) {
        const rows = await db
          .select({ id: sessions.id, expiresAt: sessions.expiresAt })
          .from(sessions)
          .where(inArray(sessions.id, sessionIds.slice(start, start + CHUNK)));
        for (const row of rows) found.set(row.id, new Date(row.expiresAt));
      }
      return found;
    },
  };
}
