import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { postComments, posts, products, profiles, userBans } from '../../db/schema/index.js';

/**
 * Marker written to moderation_reason when a ban hides a member's content, so that lifting the
 * ban restores exactly what the ban hid (and nothing hidden for another reason).
 */
export const BANNED_CONTENT_REASON = 'banned';

/** Hides the member's visible listings, published posts and published comments from public view. */
export async function hideContentOfBannedMember(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(products)
    .set({ visible_in_marketplace: false, moderation_reason: BANNED_CONTENT_REASON })
    .where(
      and(
        eq(products.seller_id, userId),
        eq(products.visible_in_marketplace, true),
        eq(products.deleted, false),
      ),
    );
  await tx
    .update(posts)
    .set({ status: 'hidden', moderation_reason: BANNED_CONTENT_REASON })
    .where(and(eq(posts.author_id, userId), eq(posts.status, 'published')));
  await tx
    .update(postComments)
    .set({ status: 'hidden', moderation_reason: BANNED_CONTENT_REASON })
    .where(and(eq(postComments.author_id, userId), eq(postComments.status, 'published')));
}

/** Brings back only what hideContentOfBannedMember hid. */
export async function restoreContentOfMember(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(products)
    .set({ visible_in_marketplace: true, moderation_reason: null })
    .where(
      and(
        eq(products.seller_id, userId),
        eq(products.visible_in_marketplace, false),
        eq(products.moderation_reason, BANNED_CONTENT_REASON),
      ),
    );
  await tx
    .update(posts)
    .set({ status: 'published', moderation_reason: null })
    .where(
      and(
        eq(posts.author_id, userId),
        eq(posts.status, 'hidden'),
        eq(posts.moderation_reason, BANNED_CONTENT_REASON),
      ),
    );
  await tx
    .update(postComments)
    .set({ status: 'published', moderation_reason: null })
    .where(
      and(
        eq(postComments.author_id, userId),
        eq(postComments.status, 'hidden'),
        eq(postComments.moderation_reason, BANNED_CONTENT_REASON),
      ),
    );
}

/** Lifts a member's ban: active again, every active ban row closed, hidden content restored. */
export async function liftBan(tx: Executor, userId: string, liftedBy: string | null): Promise<void> {
  await tx
    .update(profiles)
    .set({ status: 'active', banned: false, banned_reason: null, ban_end_date: null, updated_at: new Date() })
    .where(eq(profiles.id, userId));
  await tx
    .update(userBans)
    .set({ is_active: false, lifted_by: liftedBy, lifted_at: sql`now()` })
    .where(and(eq(userBans.user_id, userId), eq(userBans.is_active, true)));
  await restoreContentOfMember(tx, userId);
}

/** "Your account is banned until 1 Dec 2026: <reason>" or "Your account is banned: <reason>". */
export function banMessage(reason: string | null, until: Date | null): string {
  const why = reason && reason.trim() ? reason.trim() : 'no reason given';
  if (!until) return `Your account is banned: ${why}`;
  const date = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(until);
  return `Your account is banned until ${date}: ${why}`;
}
