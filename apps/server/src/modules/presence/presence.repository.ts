import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { PRESENCE, type PresenceDto, type PresenceStatus } from '@castline/shared';
import type { Database } from '../../db/client.js';
import { presenceConnections, profiles } from '../../db/schema/index.js';

const STALE = sql.raw(`interval '${Math.round(PRESENCE.staleAfterMs / 1000)} seconds'`);

/**
 * Presence lives in the database (one row per open socket), so that every instance over the
 * same database reads the same presence. profiles.is_online and last_seen_at follow it.
 */
export function createPresenceRepository(db: Database) {
  /** Presence of the given members, computed from their live connections. */
  async function read(userIds: readonly string[]): Promise<PresenceDto[]> {
    if (userIds.length === 0) return [];
    const rows = await db
      .select({
        user_id: profiles.id,
        last_seen_at: profiles.last_seen_at,
        online: sql<boolean>`coalesce(bool_or(${presenceConnections.status} = 'online'), false)`,
        connections: sql<number>`count(${presenceConnections.id})::int`,
        online_at: sql<Date | string | null>`min(${presenceConnections.online_at})`,
      })
      .from(profiles)
      .leftJoin(
        presenceConnections,
        and(
          eq(presenceConnections.user_id, profiles.id),
          sql`${presenceConnections.seen_at} > now() - ${STALE}`,
        ),
      )
      .where(inArray(profiles.id, [...userIds]))
      .groupBy(profiles.id, profiles.last_seen_at);
    return rows.map((row) => {
      const status: PresenceStatus = row.connections === 0 ? 'offline' : row.online ? 'online' : 'away';
      const onlineAt = row.online_at === null ? null : new Date(row.online_at).toISOString();
      return {
        user_id: row.user_id,
        status,
        online_at: status === 'offline' ? null : onlineAt,
        last_seen_at: row.last_seen_at?.toISOString() ?? null,
      };
    });
  }

  return {
    read,

    async connect(connectionId: string, userId: string, instanceId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(presenceConnections)
          .values({ id: connectionId, user_id: userId, instance_id: instanceId });
        await tx
          .update(profiles)
          .set({ is_online: true, last_seen_at: sql`now()` })
          .where(eq(profiles.id, userId));
      });
    },

    async setStatus(connectionId: string, status: 'online' | 'away'): Promise<void> {
      await db
        .update(presenceConnections)
        .set({ status, seen_at: sql`now()` })
        .where(eq(presenceConnections.id, connectionId));
    },

    /** Removes the connection; when it was the member's last, they are offline as of now. */
    async disconnect(connectionId: string, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(presenceConnections).where(eq(presenceConnections.id, connectionId));
        await tx
          .update(profiles)
          .set({
            last_seen_at: sql`now()`,
            is_online: sql`exists (select 1 from ${presenceConnections} where ${presenceConnections.user_id} = ${userId} and ${presenceConnections.seen_at} > now() - ${STALE})`,
          })
          .where(eq(profiles.id, userId));
      });
    },

    /** This instance's sockets are alive: one write for all of them. */
    async touchInstance(instanceId: string): Promise<void> {
      await db
        .update(presenceConnections)
        .set({ seen_at: sql`now()` })
        .where(eq(presenceConnections.instance_id, instanceId));
    },

    /** Drops connections nobody has heard from (a stopped instance); returns their members. */
    async sweepStale(): Promise<string[]> {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(presenceConnections)
          .where(lt(presenceConnections.seen_at, sql`now() - ${STALE}`))
          .returning({ user_id: presenceConnections.user_id });
        const userIds = [...new Set(gone.map((row) => row.user_id))];
        if (userIds.length > 0) {
          await tx
            .update(profiles)
            .set({ is_online: false })
            .where(
              and(
                inArray(profiles.id, userIds),
                sql`not exists (select 1 from ${presenceConnections} where ${presenceConnections.user_id} = ${profiles.id})`,
              ),
            );
        }
        return userIds;
      });
    },

    /** On shutdown: this instance's sockets are gone. */
    async dropInstance(instanceId: string): Promise<string[]> {
      const gone = await db
        .delete(presenceConnections)
        .where(eq(presenceConnections.instance_id, instanceId))
        .returning({ user_id: presenceConnections.user_id });
      const userIds = [...new Set(gone.map((row) => row.user_id))];
      if (userIds.length > 0) {
        await db
          .update(profiles)
          .set({
            last_seen_at: sql`now()`,
            is_online: sql`exists (select 1 from ${presenceConnections} where ${presenceConnections.user_id} = ${profiles.id})`,
          })
          .where(inArray(profiles.id, userIds));
      }
      return userIds;
    },

    /** Members this member has blocked or who blocked them (typing never crosses a block). */
    async eitherBlocked(a: string, b: string): Promise<boolean> {
      const rows = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(
          sql`(${profiles.id} = ${a} and ${b}::uuid = any(${profiles.blocked_users})) or (${profiles.id} = ${b} and ${a}::uuid = any(${profiles.blocked_users}))`,
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type PresenceRepository = ReturnType<typeof createPresenceRepository>;
