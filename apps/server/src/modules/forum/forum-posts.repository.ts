import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ForumCategory, PostStatus } from '@castline/shared';
import type { Database } from '../../db/client.js';
import { forumWatches, postComments, posts, profiles } from '../../db/schema/index.js';
import { writeAudit, type AuditEntry } from '../audit/index.js';
import { isVisibleComment } from './forum.comment-counts.js';
import { discardDraft } from './forum-drafts.repository.js';
import { raiseMentions, type ForumNoticeHooks } from './forum-mentions.repository.js';
import { summaryColumns, topicViewerColumns, type PostDetailRow } from './forum-rows.js';
import { bumpProfile, type WriteEffects } from './forum-writes.js';

/** What a permission decision about a post needs. */
export interface PostState {
  id: string;
  author_id: string;
  status: string;
  title: string;
  content: string;
  locked: boolean;
  pinned: boolean;
}

export interface PostFields {
  title: string;
  category: ForumCategory;
  content: string;
  images: string[];
  /** Species and technique tags; left as they are when undefined. */
  tags?: string[] | undefined;
}

export interface PostChanges extends Partial<PostFields> {
  status?: PostStatus;
}

/** One post: its state and page, and writing, editing and deleting it. */
export function createForumPostsRepository(db: Database, { mentioned }: ForumNoticeHooks) {
  return {
    async postState(id: string): Promise<PostState | null> {
      const [row] = await db
        .select({
          id: posts.id,
          author_id: posts.author_id,
          status: posts.status,
          title: posts.title,
          content: posts.content,
          locked: sql<boolean>`(${posts.locked_at} is not null)`,
          pinned: sql<boolean>`(${posts.pinned_at} is not null)`,
        })
        .from(posts)
        .where(eq(posts.id, id));
      return row ?? null;
    },

    async findPost(id: string, viewerId: string | null): Promise<PostDetailRow | null> {
      const [row] = await db
        .select({
          ...summaryColumns(viewerId),
          full_content: posts.content,
          moderation_reason: posts.moderation_reason,
          ...topicViewerColumns(viewerId),
        })
        .from(posts)
        .innerJoin(profiles, eq(profiles.id, posts.author_id))
        .where(eq(posts.id, id));
      return row ?? null;
    },

    /** Inserts a post, counts it on its author and notifies the members it mentions, in one transaction. */
    async createPost(
      author: { id: string; username: string },
      fields: PostFields,
      mentions: string[],
    ): Promise<{ id: string } & WriteEffects> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(posts)
          .values({ ...fields, author_id: author.id })
          .returning({ id: posts.id });
        if (!row) throw new Error('inserting a post returned nothing');
        await bumpProfile(tx, author.id, { posts: 1 });
        await discardDraft(tx, author.id, null);
        const published = await raiseMentions(tx, mentioned, mentions, {
          postId: row.id,
          postTitle: fields.title,
          sender: author,
        });
        return { id: row.id, published };
      });
    },

    /** Changes a post (and notifies newly mentioned members); null when the post is gone. */
    async updatePost(
      id: string,
      changes: PostChanges,
      sender: { id: string; username: string },
      mentions: string[],
      audit?: AuditEntry,
    ): Promise<WriteEffects | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(posts)
          .set({ ...changes, updated_at: sql`now()` })
          .where(eq(posts.id, id))
          .returning({ id: posts.id, title: posts.title });
        if (!row) return null;
        if (audit) await writeAudit(tx, audit);
        const published = await raiseMentions(tx, mentioned, mentions, {
          postId: row.id,
          postTitle: row.title,
          sender,
        });
        return { published };
      });
    },

    /**
     * Deletes a post with its comments and likes, taking back what they added to members'
     * counters. The post and its comments are locked first, so a like or comment that arrives
     * meanwhile either counts before the delete or finds the post gone.
     */
    async deletePost(id: string, audit?: AuditEntry): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [post] = await tx
          .select({ author_id: posts.author_id, likes_count: posts.likes_count })
          .from(posts)
          .where(eq(posts.id, id))
          .for('update');
        if (!post) return false;
        // Watches name the topic by id, without a foreign key: they go with it.
        await tx
          .delete(forumWatches)
          .where(and(eq(forumWatches.target_type, 'post'), eq(forumWatches.target, id)));
        const comments = await tx
          .select({
            author_id: postComments.author_id,
            status: postComments.status,
            likes_count: postComments.likes_count,
          })
          .from(postComments)
          .where(eq(postComments.post_id, id))
          .orderBy(asc(postComments.id))
          .for('update');

        const deltas = new Map<string, { posts: number; comments: number; likes: number }>();
        const deltaOf = (profileId: string) => {
          let delta = deltas.get(profileId);
          if (!delta) {
            delta = { posts: 0, comments: 0, likes: 0 };
            deltas.set(profileId, delta);
          }
          return delta;
        };
        deltaOf(post.author_id).posts += 1;
        deltaOf(post.author_id).likes += post.likes_count;
        for (const comment of comments) {
          // Authors count only the comments readers see (hidden and flagged ones were taken off).
          if (isVisibleComment(comment.status)) deltaOf(comment.author_id).comments += 1;
          deltaOf(comment.author_id).likes += comment.likes_count;
        }
        // Profiles are locked in id order so that two deletions never wait on each other.
        const ids = [...deltas.keys()].sort();
        await tx
          .select({ id: profiles.id })
          .from(profiles)
          .where(inArray(profiles.id, ids))
          .orderBy(asc(profiles.id))
          .for('update');
        const values = sql.join(
          ids.map((profileId) => {
            const delta = deltas.get(profileId)!;
            return sql`(${profileId}::uuid, ${delta.posts}::int, ${delta.comments}::int, ${delta.likes}::int)`;
          }),
          sql`, `,
        );
        await tx.execute(sql`
          update profiles p set
            posts_count = greatest(p.posts_count - d.posts, 0),
            comments_count = greatest(p.comments_count - d.comments, 0),
            likes_count = greatest(p.likes_count - d.likes, 0)
          from (values ${values}) as d(id, posts, comments, likes)
          where p.id = d.id`);
        await tx.delete(posts).where(eq(posts.id, id));
        if (audit) await writeAudit(tx, audit);
        return true;
      });
    },
  };
}
