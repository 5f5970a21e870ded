import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { NotificationData, NotificationType } from '@castline/shared';
import {
  groupNotifications,
  nextDigestAt,
  notificationCategoryOf,
  notificationHref,
  NOTIFICATION_CATEGORY_LABELS,
  NOTIFICATION_TYPES,
  NotificationData as NotificationDataShape,
  notificationPreferenceMap,
  wantsNotification,
} from '@castline/shared';
import type { Database, Transaction } from '../../db/client.js';
import { messages, notificationDigestItems, profiles } from '../../db/schema/index.js';
import type { AfterCommit } from '../../platform/events/domain-events.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { MailMessage, Mailer } from '../../platform/mail/mailer.js';
import { storedNotificationChoices, type NotificationInsert } from '../notifications/index.js';
import { digestMail, notificationMail } from './settings.mail.js';

/** The job that sends a member's daily digest; its key is the member's id. */
export const NOTIFICATION_DIGEST_JOB = 'notifications.digest';
/** A digest whose mail failed is tried again this much later. */
const DIGEST_RETRY_MS = 60 * 60_000;

/**
 * Emails members about their notifications, as their preferences say (Settings → Notifications):
 * the one place where the email channel holds. Every notification the app writes passes here with
 * the write's transaction (`prepare`), whether or not it was kept in the app, so a type added later
 * is emailed by its category's choice without more code:
 * - email off for its category (NOTIFICATION_CATEGORY_OF), a deleted member, a blocked sender: nothing;
 * - email delivery 'each': one mail after the commit (a new message only while it is the only unread
 *   one from its sender: one mail per burst);
 * - 'daily': the item is kept (notification_digest_items) in the same transaction and the member's
 *   digest job is queued for the next 07:00 UTC; the job sends one mail with the day's items, grouped,
 *   then deletes them. A member with nothing gets no mail.
 * Sending happens in the background and a failure is logged, never turned into a failed request.
 */
export interface EmailNotifier {
  /** In the transaction that writes the notifications; returns the mails to send after its commit. */
  prepare(tx: Transaction, rows: readonly NotificationInsert[]): Promise<AfterCommit>;
  /** Resolves once every email started so far has been sent or has failed. */
  settled(): Promise<void>;
}

export interface EmailNotifierDeps {
  db: Database;
  mailer: Mailer;
  jobs: JobQueue;
  publicUrl: string;
  logger: FastifyBaseLogger;
}

interface Recipient {
  id: string;
  email: string;
  username: string;
  email_delivery: string;
  blocked_users: string[];
}

/** What a digest lists of one item. */
interface DigestEntry {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  data: NotificationData;
  read: boolean;
  created_at: string;
}

function asType(type: string): NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(type)
    ? (type as NotificationType)
    : 'NEW_MESSAGE';
}

export function createEmailNotifier({
  db,
  mailer,
  jobs,
  publicUrl,
  logger,
}: EmailNotifierDeps): EmailNotifier {
  const pending = new Set<Promise<void>>();
  const settingsUrl = `${publicUrl}/settings`;

  function track(what: string, work: () => Promise<MailMessage | null>): void {
    const job = (async () => {
      try {
        const message = await work();
        if (message) await mailer.send(message);
      } catch (error) {
        logger.warn({ err: error }, `emailing ${what} failed`);
      }
    })();
    pending.add(job);
    void job.finally(() => pending.delete(job));
  }

  /** The mail for one notification, sent on its own. */
  function singleMail(to: Recipient, row: NotificationInsert): MailMessage {
    const { data } = row;
    const base = { to: to.email, username: to.username, settingsUrl };
    const outro =
      'You can turn these emails off, or get one daily digest instead, in your Castline settings.';
    if (row.type === 'NEW_MESSAGE') {
      const senderName = data.senderName ?? 'A member';
      return notificationMail({
        ...base,
        subject: `New message from ${senderName} on Castline`,
        title: 'You have a new message',
        intro: `${senderName} sent you a message: “${data.messageContent ?? ''}”`,
        action: { label: 'Open the conversation', url: `${publicUrl}${notificationHref(row, to.id)}` },
        outro:
          "We won't email you again about this conversation until you have read it. You can turn these emails off in your Castline settings.",
      });
    }
    if (row.type === 'OFFER_RECEIVED' || row.type === 'NEW_OFFER') {
      return notificationMail({
        ...base,
        subject: `New offer on “${data.productName ?? 'your listing'}”`,
        title: 'You have a new offer',
        intro: `${row.message}. Offers expire after 48 hours.`,
        action: { label: 'Review the offer', url: `${publicUrl}/profile?tab=offers-received` },
        outro,
      });
    }
    const category = notificationCategoryOf(row.type);
    const label =
      category === 'orders' && data.orderId
        ? 'Open the order'
        : category === 'offers'
          ? 'See your offers'
          : 'Open in Castline';
    return notificationMail({
      ...base,
      subject: data.productName ? `${row.title}: “${data.productName}”` : row.title,
      title: row.title,
      intro: row.message,
      action: { label, url: `${publicUrl}${notificationHref(row, to.id)}` },
      outro,
    });
  }

  /** A new message is mailed once per burst: not while an earlier one from the sender is unread. */
  async function firstOfBurst(row: NotificationInsert): Promise<boolean> {
    if (row.type !== 'NEW_MESSAGE' || !row.data.senderId) return true;
    const [unread] = await db
      .select({ total: count() })
      .from(messages)
      .where(
        and(
          eq(messages.sender_id, row.data.senderId),
          eq(messages.recipient_id, row.user_id),
          eq(messages.read, false),
        ),
      );
    return (unread?.total ?? 0) <= 1;
  }

  /** Sends a member's digest: the items kept so far, grouped; none, no mail. Deletes what it sent. */
  async function sendDigest(tx: Transaction, userId: string): Promise<AfterCommit | void> {
    const [to] = await tx
      .select({
        id: profiles.id,
        email: profiles.email,
        username: profiles.username,
        deleted_at: profiles.deleted_at,
      })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .limit(1);
    const items = await tx
      .select()
      .from(notificationDigestItems)
      .where(eq(notificationDigestItems.user_id, userId))
      .orderBy(asc(notificationDigestItems.created_at), asc(notificationDigestItems.id))
      .for('update');
    if (items.length === 0) return;
    // Removed with the job, in its transaction: a retry or a second instance finds nothing to send.
    await tx.delete(notificationDigestItems).where(
      inArray(
        notificationDigestItems.id,
        items.map((item) => item.id),
      ),
    );
    if (!to || to.deleted_at) return;
    const entries: DigestEntry[] = items
      .map((item) => {
        const data = NotificationDataShape.safeParse(item.data);
        return {
          id: item.id,
          type: asType(item.type),
          title: item.title,
          message: item.message,
          data: data.success ? data.data : {},
          read: false,
          created_at: item.created_at.toISOString(),
        };
      })
      .reverse();
    const groups = groupNotifications(entries).map((group) => ({
      heading: NOTIFICATION_CATEGORY_LABELS[notificationCategoryOf(group.latest.type)].label,
      text: group.items.length > 1 ? group.summary : `${group.latest.title}: ${group.latest.message}`,
      url: `${publicUrl}${notificationHref(group.latest, userId)}`,
    }));
    const mail = digestMail({
      to: to.email,
      username: to.username,
      count: items.length,
      groups,
      url: `${publicUrl}/notifications`,
      settingsUrl,
    });
    return async () => {
      try {
        await mailer.send(mail);
      } catch (error) {
        // Not lost: the items go back and the digest is tried again in an hour.
        logger.warn({ err: error }, 'sending a notification digest failed; it will be retried');
        await db.transaction(async (retry) => {
          await retry.insert(notificationDigestItems).values(items);
          await jobs.enqueue(retry, {
            name: NOTIFICATION_DIGEST_JOB,
            key: userId,
            runAt: new Date(Date.now() + DIGEST_RETRY_MS),
            payload: { userId },
          });
        });
      }
    };
  }

  jobs.register(NOTIFICATION_DIGEST_JOB, (tx, payload) => sendDigest(tx, String(payload.userId)));

  return {
    async prepare(tx, rows) {
      if (rows.length === 0) return async () => {};
      const ids = [...new Set(rows.map((row) => row.user_id))];
      // The recipients with their choices, in one statement.
      const recipients = await tx
        .select({
          id: profiles.id,
          email: profiles.email,
          username: profiles.username,
          email_delivery: profiles.email_delivery,
          blocked_users: profiles.blocked_users,
          deleted_at: profiles.deleted_at,
          choices: storedNotificationChoices(profiles.id),
        })
        .from(profiles)
        .where(inArray(profiles.id, ids));
      const byId = new Map(recipients.filter((r) => !r.deleted_at).map((r) => [r.id, r as Recipient]));
      const preferences = new Map(recipients.map((r) => [r.id, notificationPreferenceMap(r.choices)]));
      const now = new Date();
      const mailNow: { to: Recipient; row: NotificationInsert }[] = [];
      const digestMembers = new Set<string>();
      for (const row of rows) {
        const to = byId.get(row.user_id);
        const chosen = preferences.get(row.user_id);
        if (!to || !chosen || !wantsNotification(chosen, row.type, 'email')) continue;
        if (row.data.senderId && to.blocked_users.includes(row.data.senderId)) continue;
        if (to.email_delivery === 'daily') {
          await tx.insert(notificationDigestItems).values({
            user_id: row.user_id,
            type: row.type,
            title: row.title,
            message: row.message,
            data: row.data,
          });
          digestMembers.add(row.user_id);
        } else {
          mailNow.push({ to, row });
        }
      }
      for (const userId of digestMembers) {
        // One job per member: queued again the same day, it stays at the same time.
        await jobs.enqueue(tx, {
          name: NOTIFICATION_DIGEST_JOB,
          key: userId,
          runAt: nextDigestAt(now),
          payload: { userId },
        });
      }
      return async () => {
        for (const { to, row } of mailNow) {
          track(`a ${row.type} notification`, async () =>
            (await firstOfBurst(row)) ? singleMail(to, row) : null,
          );
        }
      };
    },

    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
