import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { profiles } from '../../db/schema/index.js';

const activeCaptain = and(eq(profiles.is_captain, true), eq(profiles.status, 'active'));

export function createCaptainsRepository(db: Database) {
  return {
    async countActiveCaptains(): Promise<number> {
      const [row] = await db.select({ total: count() }).from(profiles).where(activeCaptain);
      return row?.total ?? 0;
    },

    /** The newest active captains, newest first. */
    async newestActiveCaptains(limit: number) {
      return db
        .select({
          id: profiles.id,
          username: profiles.username,
          avatar_url: profiles.avatar_url,
          title: profiles.title,
          location: profiles.location,
          created_at: profiles.created_at,
        })
        .from(profiles)
        .where(activeCaptain)
        .orderBy(desc(profiles.created_at), desc(profiles.id))
        .limit(limit);
    },
  };
}

export type CaptainsRepository = ReturnType<typeof createCaptainsRepository>;
export type CaptainRow = Awaited<ReturnType<CaptainsRepository['newestActiveCaptains']>>[number];
