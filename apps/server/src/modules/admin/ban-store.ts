import { and, eq, lte, sql } from 'drizzle-orm';
import { isBannedMember } from '@castline/shared';
import type { Executor, Transaction } from '../../db/client.js';
import { postComments, posts, products, profiles, userBans } from '../../db/schema/index.js';
import { BANNED_CONTENT_REASON } from '../../db/moderation-reasons.js';
import { setCommentStatus } from '../forum/index.js';
import { writeAudit } from '../audit/index.js';

/**
 * Hides the member's visible listings, published posts and published comments from public view
 * (the comments leave their posts' and the member's comment counts).
 */
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
  await setCommentStatus(
    tx,
    and(eq(postComments.author_id, userId), eq(postComments.status, 'published')),
    'hidden',
    BANNED_CONTENT_REASON,
  );
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
  await setCommentStatus(
    tx,
    and(
      eq(postComments.author_id, userId),
      eq(postComments.status, 'hidden'),
      eq(postComments.moderation_reason, BANNED_CONTENT_REASON),
    ),
    'published',
    null,
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

/**
 * Lifts a ban whose end date has passed (no staff member lifted it), audited as
 * 'user.ban_expired'. Nothing happens when the member is no longer banned or the ban runs on,
 * so the sign-in check and the background job may both call it.
 */
export async function liftExpiredBan(
  tx: Transaction,
  userId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const [profile] = await tx
    .select({ status: profiles.status, ban_end_date: profiles.ban_end_date })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for('update');
  if (!profile || !isBannedMember(profile) || !profile.ban_end_date) return false;
  if (profile.ban_end_date.getTime() > now.getTime()) return false;
  await liftBan(tx, userId, null);
  await writeAudit(tx, {
    actorId: null,
    action: 'user.ban_expired',
    entityType: 'user',
    entityId: userId,
    severity: 'low',
    newData: { status: 'active' },
  });
  return true;
}

/** The members whose ban has ended but who are still marked banned. */
export async function membersWithExpiredBans(db: Executor, now: Date = new Date()): Promise<string[]> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.status, 'banned'), lte(profiles.ban_end_date, now)));
  return rows.map((row) => row.id);
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
