import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { NotificationCategory } from '@castline/shared';
import { FORUM_MESSAGES, nextDigestAt } from '@castline/shared';
import type { Database } from '../db/client.js';
import {
  jobs,
  notificationDigestItems,
  notificationPreferences,
  notifications,
  postComments,
  posts,
  profiles,
} from '../db/schema/index.js';
import { NOTIFICATION_DIGEST_JOB } from '../modules/settings/index.js';

type Choice = { category: NotificationCategory; in_app?: boolean; email?: boolean };

/** Demo members' notification preferences: varied, one of them on the daily digest. */
const PREFERENCES: { username: string; delivery?: 'daily'; choices: Choice[] }[] = [
  {
    username: 'captain_ahab',
    choices: [
      { category: 'messages', email: true },
      { category: 'offers', email: true },
      { category: 'alert_matches', email: true },
    ],
  },
  {
    username: 'flyfisher_fran',
    delivery: 'daily',
    choices: [
      { category: 'messages', email: true },
      { category: 'offers', email: true },
      { category: 'replies', email: true },
      { category: 'mentions', email: true },
    ],
  },
  { username: 'bassmaster_ben', choices: [{ category: 'replies', in_app: false }] },
  {
    username: 'salty_sue',
    choices: [
      { category: 'orders', email: false },
      { category: 'listing_news', email: true },
    ],
  },
  { username: 'troutbum', choices: [{ category: 'mentions', in_app: false, email: false }] },
];

const HOUR_MS = 60 * 60_000;

/**
 * After the other demo data: members' notification preferences, the day's digest waiting for the
 * member on the daily digest (items and the queued job), saved search notifications with the
 * listing's photo and price and one per listing, and replies to a captain's forum post that the
 * lists show grouped ("3 new replies in …").
 */
export async function seedDemoNotifications(
  db: Database,
): Promise<{ preferences: number; digestItems: number }> {
  const now = Date.now();
  return db.transaction(async (tx) => {
    const members = await tx
      .select({ id: profiles.id, username: profiles.username })
      .from(profiles)
      .where(
        inArray(
          profiles.username,
          PREFERENCES.map((p) => p.username),
        ),
      );
    const idOf = new Map(members.map((m) => [m.username, m.id]));
    let preferences = 0;
    let digestItems = 0;
    for (const entry of PREFERENCES) {
      const userId = idOf.get(entry.username);
      if (!userId) continue;
      const rows = entry.choices.map((choice) => ({
        user_id: userId,
        category: choice.category,
        in_app: choice.in_app ?? true,
        email: choice.email ?? choice.category === 'orders',
      }));
      await tx.insert(notificationPreferences).values(rows);
      preferences += rows.length;
      if (entry.delivery !== 'daily') continue;
      await tx.update(profiles).set({ email_delivery: 'daily' }).where(eq(profiles.id, userId));
      // The day's emails so far: her last day's notifications of the kinds she takes by email.
      const day = await tx
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.user_id, userId),
            inArray(notifications.type, [
              'NEW_MESSAGE',
              'OFFER_RECEIVED',
              'OFFER_COUNTERED',
              'MENTION',
              'REPLY',
            ]),
            sql`${notifications.created_at} > ${new Date(now - 24 * HOUR_MS).toISOString()}::timestamptz`,
          ),
        );
      if (day.length > 0) {
        await tx.insert(notificationDigestItems).values(
          day.map((n) => ({
            user_id: userId,
            type: n.type,
            title: n.title,
            message: n.message,
            data: n.data,
            created_at: n.created_at,
          })),
        );
        digestItems += day.length;
        await tx.insert(jobs).values({
          name: NOTIFICATION_DIGEST_JOB,
          key: userId,
          run_at: nextDigestAt(new Date(now)),
          payload: { userId },
        });
      }
    }

    // Saved search notifications show the listing's first photo and price, and a listing once.
    await tx.execute(sql`
      update notifications n
      set data = n.data || jsonb_build_object('productImage', p.images[1], 'productPrice', p.price)
      from products p
      where n.type = 'PRODUCT_ALERT' and p.id::text = n.data ->> 'productId'
    `);
    await tx.execute(sql`
      delete from notifications n
      using notifications earlier
      where n.type = 'PRODUCT_ALERT' and earlier.type = 'PRODUCT_ALERT'
        and earlier.user_id = n.user_id
        and earlier.data ->> 'productId' = n.data ->> 'productId'
        and (earlier.created_at, earlier.id) < (n.created_at, n.id)
    `);

    // Replies to a captain's post, unread: the lists show them as one entry.
    const captain = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.username, 'captain_ahab'))
      .limit(1);
    const captainId = captain[0]?.id;
    if (captainId) {
      const [topic] = await tx
        .select({ id: posts.id, title: posts.title })
        .from(posts)
        .where(and(eq(posts.author_id, captainId), eq(posts.status, 'published')))
        .orderBy(desc(posts.created_at))
        .limit(1);
      if (topic) {
        const replies = await tx
          .select({ id: postComments.id, author_id: postComments.author_id, username: profiles.username })
          .from(postComments)
          .innerJoin(profiles, eq(profiles.id, postComments.author_id))
          .where(and(eq(postComments.post_id, topic.id), ne(postComments.author_id, captainId)))
          .orderBy(desc(postComments.created_at))
          .limit(3);
        const repliers = replies.length > 0 ? replies : [];
        const rows = repliers.map((reply, index) => {
          const at = new Date(now - (index + 1) * 25 * 60_000);
          return {
            user_id: captainId,
            type: 'REPLY',
            title: FORUM_MESSAGES.replyTitle,
            message: FORUM_MESSAGES.replyToPost(reply.username, topic.title),
            data: {
              postId: topic.id,
              commentId: reply.id,
              senderId: reply.author_id,
              senderName: reply.username,
            },
            read: false,
            created_at: at,
            updated_at: at,
          };
        });
        if (rows.length > 0) await tx.insert(notifications).values(rows);
      }
    }
    return { preferences, digestItems };
  });
}
