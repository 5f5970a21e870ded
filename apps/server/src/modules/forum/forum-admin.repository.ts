import { and, desc, eq, sql } from 'drizzle-orm';
import type { PostStatus } from '@castline/shared';
import type { Database } from '../../db/client.js';
import { likePattern } from '../../db/like-pattern.js';
import { postComments, posts, profiles } from '../../db/schema/index.js';
import { commentColumns, summaryColumns, type CommentRow, type PostSummaryRow } from './forum-rows.js';

export interface AdminPostRow extends PostSummaryRow {
  moderation_reason: string | null;
}

export interface AdminCommentRow extends CommentRow {
  post_title: string;
}

export interface AdminPostSearch {
  viewerId: string;
  status: PostStatus | null;
  q: string | null;
  limit: number;
  offset: number;
}

export interface AdminCommentSearch {
  postId: string | null;
  q: string | null;
  limit: number;
  offset: number;
}

/** Forum administration: every post and comment whatever its status. */
export function createForumAdminRepository(db: Database) {
  return {
    /** Every post whatever its status (forum administration), newest first, with the exact total. */
    async adminPosts(search: AdminPostSearch): Promise<{ rows: AdminPostRow[]; total: number }> {
      const where = and(
        search.status ? eq(posts.status, search.status) : undefined,
        search.q ? sql`${posts.search_vector} @@ websearch_to_tsquery('english', ${search.q})` : undefined,
      );
      const [counted] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(posts)
        .where(where);
      const rows = await db
        .select({ ...summaryColumns(search.viewerId), moderation_reason: posts.moderation_reason })
        .from(posts)
        .innerJoin(profiles, eq(profiles.id, posts.author_id))
        .where(where)
        .orderBy(desc(posts.created_at), desc(posts.id))
        .limit(search.limit)
        .offset(search.offset);
      return { rows, total: counted?.total ?? 0 };
    },

    /** Comments on any post whatever their status (forum administration), newest first. */
    async adminComments(search: AdminCommentSearch): Promise<{ rows: AdminCommentRow[]; total: number }> {
      const where = and(
        search.postId ? eq(postComments.post_id, search.postId) : undefined,
        search.q ? sql`${postComments.content} ilike ${likePattern(search.q)} escape '\\'` : undefined,
      );
      const [counted] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(postComments)
        .where(where);
      const rows = await db
        .select({ ...commentColumns(null), post_title: posts.title })
        .from(postComments)
        .innerJoin(posts, eq(posts.id, postComments.post_id))
        .innerJoin(profiles, eq(profiles.id, postComments.author_id))
        .where(where)
        .orderBy(desc(postComments.created_at), desc(postComments.id))
        .limit(search.limit)
        .offset(search.offset);
      return { rows, total: counted?.total ?? 0 };
    },
  };
}
