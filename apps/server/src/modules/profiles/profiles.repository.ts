import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { adminRoles, PUBLIC_LISTING_PREDICATE, products, profiles } from '../../db/schema/index.js';
import { likePattern } from '../../db/like-pattern.js';

/** The columns any member may read of a profile: no email, no block list, no ban details. */
const publicColumns = {
  id: profiles.id,
  username: profiles.username,
  full_name: profiles.full_name,
  avatar_url: profiles.avatar_url,
  bio: profiles.bio,
  title: profiles.title,
  role: profiles.role,
  is_captain: profiles.is_captain,
  is_online: profiles.is_online,
  last_seen_at: profiles.last_seen_at,
  created_at: profiles.created_at,
  location: profiles.location,
  products_count: profiles.products_count,
  posts_count: profiles.posts_count,
  comments_count: profiles.comments_count,
  likes_count: profiles.likes_count,
  sales_count: profiles.sales_count,
  seller_rating: profiles.seller_rating,
  deleted_at: profiles.deleted_at,
  admin_role: adminRoles.role,
};

const memberColumns = {
  id: profiles.id,
  username: profiles.username,
  full_name: profiles.full_name,
  avatar_url: profiles.avatar_url,
};

export interface MemberRow {
  id: string;
  username: string;
  full_name: string | null;
  avatar_url: string | null;
}

/** The profile fields the owner may change; undefined leaves a column as it is. */
export interface ProfilePatch {
  full_name?: string | null;
  title?: string | null;
  bio?: string | null;
  avatar_url?: string | null;
  location?: string | null;
  location_lat?: number | null;
  location_lng?: number | null;
}

export function createProfilesRepository(db: Database) {
  return {
    /**
     * A profile with its stats: listings on the marketplace now, sales the buyer rated, and
     * whether `viewerId` has blocked the member.
     */
    async findPublicProfile(userId: string, viewerId: string | null = null) {
      const [row] = await db
        .select({
          ...publicColumns,
          active_listings_count: sql<number>`(
            select count(*)::int from ${products}
            where ${products.seller_id} = ${profiles.id} and ${PUBLIC_LISTING_PREDICATE}
          )`.mapWith(Number),
          ratings_count: sql<number>`(
            select count(*)::int from ${products}
            where ${products.seller_id} = ${profiles.id} and ${products.transaction_rating} is not null
          )`.mapWith(Number),
          blocked_by_me: viewerId
            ? sql<boolean>`exists (
                select 1 from profiles viewer
                where viewer.id = ${viewerId} and ${profiles.id} = any(viewer.blocked_users)
              )`.mapWith(Boolean)
            : sql<boolean>`false`.mapWith(Boolean),
        })
        .from(profiles)
        .leftJoin(adminRoles, eq(adminRoles.user_id, profiles.id))
        .where(eq(profiles.id, userId))
        .limit(1);
      return row ?? null;
    },

    async exists(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.id, userId))
        .limit(1);
      return Boolean(row);
    },

    /** The avatar the member shows now (null without one, or without a profile). */
    async avatarUrlOf(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ avatar_url: profiles.avatar_url })
        .from(profiles)
        .where(eq(profiles.id, userId))
        .limit(1);
      return row?.avatar_url ?? null;
    },

    /** Applies the owner's changes; false when the profile is gone or was deleted. */
    async updateProfile(userId: string, patch: ProfilePatch): Promise<boolean> {
      const rows = await db
        .update(profiles)
        .set({ ...patch, updated_at: sql`now()` })
        .where(and(eq(profiles.id, userId), isNull(profiles.deleted_at)))
        .returning({ id: profiles.id });
      return rows.length > 0;
    },

    /**
     * Adds `targetId` to the member's block list, or removes it when it is there, in one
     * statement: concurrent toggles queue on the row lock and each sees the last one's result.
     * Null when the member's profile is gone.
     */
    async toggleBlock(userId: string, targetId: string): Promise<boolean | null> {
      const result = await db.execute<{ blocked: boolean }>(sql`
        update profiles
        set blocked_users = case
              when ${targetId}::uuid = any(blocked_users) then array_remove(blocked_users, ${targetId}::uuid)
              else array_append(blocked_users, ${targetId}::uuid)
            end,
            updated_at = now()
        where id = ${userId}
        returning ${targetId}::uuid = any(blocked_users) as blocked
      `);
      const [row] = (result as unknown as { rows: { blocked: boolean }[] }).rows;
      return row ? Boolean(row.blocked) : null;
    },

    /** The members `userId` has blocked, by username. */
    async blockedMembers(userId: string): Promise<MemberRow[]> {
      return db
        .select(memberColumns)
        .from(profiles)
        .where(
          sql`${profiles.id} = any(coalesce((select blocked_users from profiles owner where owner.id = ${userId}), '{}'::uuid[]))`,
        )
        .orderBy(sql`lower(${profiles.username})`, asc(profiles.id));
    },

    /**
     * Members whose username or full name contains `q` (wildcards taken literally), best matches
     * first: exact username, then username prefix, then the rest by username. Deleted accounts
     * and the viewer are left out.
     */
    async search(q: string, viewerId: string, limit: number): Promise<MemberRow[]> {
      const pattern = likePattern(q);
      const prefix = `${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      return db
        .select(memberColumns)
        .from(profiles)
        .where(
          and(
            isNull(profiles.deleted_at),
            ne(profiles.id, viewerId),
            sql`(${profiles.username} ilike ${pattern} escape '\\' or ${profiles.full_name} ilike ${pattern} escape '\\')`,
          ),
        )
        .orderBy(
          sql`case
                when lower(${profiles.username}) = lower(${q}) then 0
                when ${profiles.username} ilike ${prefix} escape '\\' then 1
                else 2
              end`,
          sql`lower(${profiles.username})`,
          asc(profiles.id),
        )
        .limit(limit);
    },
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
export type PublicProfileRow = NonNullable<Awaited<ReturnType<ProfilesRepository['findPublicProfile']>>>;
