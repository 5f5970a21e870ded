import { and, count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { conversationIdFor } from '@castline/shared';
import type { Database } from '../../db/client.js';
import { messages, profiles } from '../../db/schema/index.js';
import type { MailMessage, Mailer } from '../../platform/mail/mailer.js';
import { messagePreview } from '../notifications/index.js';
import { formatMoney } from '../offers/index.js';
import { notificationMail } from './settings.mail.js';

/**
 * Emails members who asked for them (Settings → notifications) about new messages, offers and their
 * answers, and their orders' steps. It listens after commit (src/subscriptions.ts); sending happens in the background and
 * a failure is logged, never turned into a failed request.
 */
export interface EmailNotifier {
  newMessage(message: { sender_id: string; recipient_id: string; content: string }, senderName: string): void;
  newOffer(
    offer: { id: string; buyer_id: string; seller_id: string; title: string; amount: number },
    buyerName: string,
  ): void;
  /**
   * An offer's answer (accepted, rejected, countered) or an order's step, to the member its
   * in-app notification went to, if they take such emails (offers: email_on_offer; orders:
   * email_on_order). The notification's own title and text are the email's.
   */
  notified(kind: 'offer' | 'order', notification: NotifiedMember): void;
  /** Resolves once every email started so far has been sent or has failed. */
  settled(): Promise<void>;
}

/** What an in-app notification said, and to whom. */
export interface NotifiedMember {
  user_id: string;
  title: string;
  message: string;
  data: { orderId?: string; productName?: string; is_seller?: boolean };
}

export interface EmailNotifierDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  logger: FastifyBaseLogger;
}

interface Recipient {
  email: string;
  username: string;
  email_on_message: boolean;
  email_on_offer: boolean;
  email_on_order: boolean;
  blocked_users: string[];
  deleted_at: Date | null;
}

export function createEmailNotifier({ db, mailer, publicUrl, logger }: EmailNotifierDeps): EmailNotifier {
  const pending = new Set<Promise<void>>();

  async function recipient(userId: string): Promise<Recipient | null> {
    const [row] = await db
      .select({
        email: profiles.email,
        username: profiles.username,
        email_on_message: profiles.email_on_message,
        email_on_offer: profiles.email_on_offer,
        email_on_order: profiles.email_on_order,
        blocked_users: profiles.blocked_users,
        deleted_at: profiles.deleted_at,
      })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .limit(1);
    return row ?? null;
  }

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

  return {
    newMessage(message, senderName) {
      track('a new message', async () => {
        const to = await recipient(message.recipient_id);
        if (!to?.email_on_message || to.deleted_at || to.blocked_users.includes(message.sender_id))
          return null;
        // One email per burst: further messages before the member reads the first send nothing.
        const [unread] = await db
          .select({ total: count() })
          .from(messages)
          .where(
            and(
              eq(messages.sender_id, message.sender_id),
              eq(messages.recipient_id, message.recipient_id),
              eq(messages.read, false),
            ),
          );
        if ((unread?.total ?? 0) > 1) return null;
        const conversation = conversationIdFor(message.sender_id, message.recipient_id);
        return notificationMail({
          to: to.email,
          username: to.username,
          subject: `New message from ${senderName} on Castline`,
          title: 'You have a new message',
          intro: `${senderName} sent you a message: “${messagePreview(message.content)}”`,
          action: { label: 'Open the conversation', url: `${publicUrl}/messages/${conversation}` },
          outro:
            "We won't email you again about this conversation until you have read it. You can turn these emails off in your Castline settings.",
          settingsUrl: `${publicUrl}/settings`,
        });
      });
    },

    newOffer(offer, buyerName) {
      track('a new offer', async () => {
        const to = await recipient(offer.seller_id);
        if (!to?.email_on_offer || to.deleted_at || to.blocked_users.includes(offer.buyer_id)) return null;
        return notificationMail({
          to: to.email,
          username: to.username,
          subject: `New offer on “${offer.title}”`,
          title: 'You have a new offer',
          intro: `${buyerName} offered ${formatMoney(offer.amount)} for “${offer.title}”. Offers expire after 48 hours.`,
          action: { label: 'Review the offer', url: `${publicUrl}/profile?tab=offers-received` },
          outro: 'You can turn these emails off in your Castline settings.',
          settingsUrl: `${publicUrl}/settings`,
        });
      });
    },

    notified(kind, notification) {
      track(`an ${kind} update`, async () => {
        const to = await recipient(notification.user_id);
        const wants = kind === 'order' ? to?.email_on_order : to?.email_on_offer;
        if (!to || !wants || to.deleted_at) return null;
        const item = notification.data.productName;
        const orderId = notification.data.orderId;
        const [url, label] =
          kind === 'order' && orderId
            ? [`${publicUrl}/orders/${orderId}`, 'Open the order']
            : [
                `${publicUrl}/profile?tab=${notification.data.is_seller ? 'offers-received' : 'offers-made'}`,
                'See your offers',
              ];
        return notificationMail({
          to: to.email,
          username: to.username,
          subject: item ? `${notification.title}: “${item}”` : notification.title,
          title: notification.title,
          intro: notification.message,
          action: { label, url },
          outro: 'You can turn these emails off in your Castline settings.',
          settingsUrl: `${publicUrl}/settings`,
        });
      });
    },

    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
