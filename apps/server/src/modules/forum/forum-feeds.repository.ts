import { and, asc, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { posts, profiles } from '../../db/schema/index.js';
import { published, summaryColumns, type PostSummaryRow } from './forum-rows.js';

export interface PostSearch {
  viewerId: string | null;
  category: string | null;
  q: string | null;
  authorId: string | null;
  limit: number;
  offset: number;
}

/** What readers browse: the public post list, trending posts, categories and top contributors. */
export function createForumFeedsRepository(db: Database) {
  return {
    /** Public posts, newest first, with the exact total. */
    async list(search: PostSearch): Promise<{ rows: PostSummaryRow[]; total: number }> {
      const where = and(
        published,
        search.category ? eq(posts.category, search.category) : undefined,
        search.authorId ? eq(posts.author_id, search.authorId) : undefined,
        search.q ? sql`${posts.search_vector} @@ websearch_to_tsquery('english', ${search.q})` : undefined,
      );
      const [counted] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(posts)
        .where(where);
      const rows = await db
        .select(summaryColumns(search.viewerId))
        .from(posts)
        .innerJoin(profiles, eq(profiles.id, posts.author_id))
        .where(where)
        .orderBy(desc(posts.created_at), desc(posts.id))
        .limit(search.limit)
        .offset(search.offset);
      return { rows, total: counted?.total ?? 0 };
    },

    /** The most liked public posts (spec: trending, top 10 by likes_count). */
    async trending(viewerId: string | null, limit: number): Promise<PostSummaryRow[]> {
      return db
        .select(summaryColumns(viewerId))
        .from(posts)
        .innerJoin(profiles, eq(profiles.id, posts.author_id))
        .where(published)
        .orderBy(desc(posts.likes_count), desc(posts.created_at), desc(posts.id))
        .limit(limit);
    },

    /** get_distinct_categories: the categories public posts use, with how many use each. */
    async categories(): Promise<{ category: string; count: number }[]> {
      const count = sql<number>`count(*)`.mapWith(Number);
      return db
        .select({ category: posts.category, count })
        .from(posts)
        .where(published)
        .groupBy(posts.category)
        .orderBy(desc(count), asc(posts.category));
    },

    /** Members with the most posts (then likes received, then comments); deleted and banned ones left out. */
    async topContributors(limit: number) {
      return db
        .select({
          id: profiles.id,
          username: profiles.username,
          avatar_url: profiles.avatar_url,
          posts_count: profiles.posts_count,
          comments_count: profiles.comments_count,
          total_likes: profiles.likes_count,
        })
        .from(profiles)
        .where(
          and(
            sql`${profiles.deleted_at} is null`,
            ne(profiles.status, 'banned'),
            or(sql`${profiles.posts_count} > 0`, sql`${profiles.comments_count} > 0`),
          ),
        )
        .orderBy(
          desc(profiles.posts_count),
          desc(profiles.likes_count),
          desc(profiles.comments_count),
          asc(profiles.username),
        )
        .limit(limit);
    },
  };
}
