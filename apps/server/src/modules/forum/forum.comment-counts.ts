import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PostStatus } from '@castline/shared';
import type { Executor } from '../../db/client.js';
import { postComments, posts, profiles } from '../../db/schema/index.js';

/**
 * `posts.comments_count` and `profiles.comments_count` count the comments readers can see: the
 * published ones. Every write that adds, removes or changes the status of a comment moves them
 * here, in the same transaction as the change.
 */

/** A comment readers now see (+1) or no longer see (-1). */
export interface VisibleCommentChange {
  post_id: string;
  author_id: string;
  delta: number;
}

/** Whether a comment with this status is one readers see. */
export function isVisibleComment(status: string): boolean {
  return status === 'published';
}

/** The change a status move makes to the counts: +1, -1 or 0. */
function visibilityDelta(before: string, after: string): number {
  return Number(isVisibleComment(after)) - Number(isVisibleComment(before));
}

function sums(changes: readonly VisibleCommentChange[], key: 'post_id' | 'author_id'): Map<string, number> {
  const totals = new Map<string, number>();
  for (const change of changes) totals.set(change[key], (totals.get(change[key]) ?? 0) + change.delta);
  for (const [id, delta] of totals) if (delta === 0) totals.delete(id);
  return totals;
}

function deltaValues(totals: Map<string, number>, ids: string[]): SQL {
  return sql.join(
    ids.map((id) => sql`(${id}::uuid, ${totals.get(id)!}::int)`),
    sql`, `,
  );
}

/**
 * Moves the posts' and the authors' comment counts by the given changes (never below zero).
 * Rows are locked in id order, so two writers touching the same rows never wait on each other.
 */
export async function moveVisibleCommentCounts(
  tx: Executor,
  changes: readonly VisibleCommentChange[],
): Promise<void> {
  const perPost = sums(changes, 'post_id');
  if (perPost.size > 0) {
    const ids = [...perPost.keys()].sort();
    if (ids.length > 1) {
      await tx
        .select({ id: posts.id })
        .from(posts)
        .where(inArray(posts.id, ids))
        .orderBy(asc(posts.id))
        .for('no key update');
    }
    await tx.execute(sql`
      update posts p set comments_count = greatest(p.comments_count + d.delta, 0)
      from (values ${deltaValues(perPost, ids)}) as d(id, delta)
      where p.id = d.id`);
  }
  const perAuthor = sums(changes, 'author_id');
  if (perAuthor.size > 0) {
    const ids = [...perAuthor.keys()].sort();
    if (ids.length > 1) {
      await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(inArray(profiles.id, ids))
        .orderBy(asc(profiles.id))
        .for('no key update');
    }
    await tx.execute(sql`
      update profiles p set comments_count = greatest(p.comments_count + d.delta, 0)
      from (values ${deltaValues(perAuthor, ids)}) as d(id, delta)
      where p.id = d.id`);
  }
}

/** What was removed of a deleted comment, for the counts. */
export interface RemovedComment {
  post_id: string;
  author_id: string;
  status: string;
}

/** The change deleting these comments makes: the visible ones leave the counts. */
export function removedFromCounts(comments: readonly RemovedComment[]): VisibleCommentChange[] {
  return comments
    .filter((comment) => isVisibleComment(comment.status))
    .map((comment) => ({ post_id: comment.post_id, author_id: comment.author_id, delta: -1 }));
}

/**
 * Sets the status (and moderation reason) of the comments `where` selects and moves the counts
 * by the comments that joined or left what readers see, in one transaction (a savepoint when
 * `executor` is already one). The comments' posts are locked first, in id order, as a comment's
 * deletion does; each comment's previous status is read under its row lock. Returns the posts
 * whose comments changed.
 */
export async function setCommentStatus(
  executor: Executor,
  where: SQL | undefined,
  status: PostStatus,
  reason: string | null,
): Promise<string[]> {
  return executor.transaction(async (tx) => {
    await tx
      .select({ id: posts.id })
      .from(posts)
      .where(
        inArray(
          posts.id,
          tx.selectDistinct({ post_id: postComments.post_id }).from(postComments).where(where),
        ),
      )
      .orderBy(asc(posts.id))
      .for('no key update');
    const before = tx
      .select({ id: postComments.id, status: postComments.status })
      .from(postComments)
      .where(where)
      .for('update')
      .as('before');
    const changed = await tx
      .update(postComments)
      .set({ status, moderation_reason: reason })
      .from(before)
      .where(eq(postComments.id, before.id))
      .returning({
        post_id: postComments.post_id,
        author_id: postComments.author_id,
        before: before.status,
      });
    await moveVisibleCommentCounts(
      tx,
      changed.map((row) => ({
        post_id: row.post_id,
        author_id: row.author_id,
        delta: visibilityDelta(row.before, status),
      })),
    );
    return [...new Set(changed.map((row) => row.post_id))];
  });
}

/**
 * Deletes a comment inside `tx` and takes back what it added: to its post's and its author's
 * comment counts when readers could see it, and its likes from the likes its author received.
 * The post row is locked first, as a post deletion and a status change do. Null when it is gone.
 */
export async function deleteCommentCounted(tx: Executor, id: string): Promise<RemovedComment | null> {
  const [target] = await tx
    .select({ post_id: postComments.post_id })
    .from(postComments)
    .where(eq(postComments.id, id));
  if (!target) return null;
  await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, target.post_id)).for('no key update');
  const [deleted] = await tx.delete(postComments).where(eq(postComments.id, id)).returning({
    post_id: postComments.post_id,
    author_id: postComments.author_id,
    status: postComments.status,
    likes_count: postComments.likes_count,
  });
  if (!deleted) return null;
  await moveVisibleCommentCounts(tx, removedFromCounts([deleted]));
  if (deleted.likes_count > 0) {
    await tx
      .update(profiles)
      .set({ likes_count: sql`greatest(${profiles.likes_count} - ${deleted.likes_count}, 0)` })
      .where(eq(profiles.id, deleted.author_id));
  }
  return deleted;
}
