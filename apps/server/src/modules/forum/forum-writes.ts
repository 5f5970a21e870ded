import { eq, sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import type { AfterCommit } from '../../platform/events/domain-events.js';
import { profiles } from '../../db/schema/index.js';

/** What a write's listeners left for after its commit (the mentioned members' notifications). */
export interface WriteEffects {
  published: AfterCommit;
}

/** A post's or comment's row was removed under a concurrent write (its parent was deleted). */
function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as { code?: unknown; cause?: unknown };
  if (candidate.code === '23503') return true;
  return candidate.cause !== undefined && candidate.cause !== error && isForeignKeyViolation(candidate.cause);
}

/** Runs `work`; a foreign-key violation (the parent row was deleted meanwhile) answers null. */
export async function unlessParentGone<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (isForeignKeyViolation(error)) return null;
    throw error;
  }
}

/** Moves a member's forum counters by the given amounts (never below zero). */
export async function bumpProfile(
  tx: Transaction,
  profileId: string,
  delta: { posts?: number; comments?: number; likes?: number },
): Promise<void> {
  const set: Partial<Record<'posts_count' | 'comments_count' | 'likes_count', SQL>> = {};
  if (delta.posts) set.posts_count = sql`greatest(${profiles.posts_count} + ${delta.posts}, 0)`;
  if (delta.comments) set.comments_count = sql`greatest(${profiles.comments_count} + ${delta.comments}, 0)`;
  if (delta.likes) set.likes_count = sql`greatest(${profiles.likes_count} + ${delta.likes}, 0)`;
  if (Object.keys(set).length === 0) return;
  await tx.update(profiles).set(set).where(eq(profiles.id, profileId));
}
