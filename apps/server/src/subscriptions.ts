import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.js';
import type { WriteListener, WriteScope } from './platform/events/domain-events.js';
import type { Transaction } from './db/client.js';
import { AUTH_MESSAGES, messagePreviewText, SETTINGS_MESSAGES } from '@castline/shared';
import { deleteMemberAlerts, matchListingToAlerts } from './modules/alerts/index.js';
import { addressedNotification, mentionNotification } from './modules/forum/index.js';
import { listingSoldNotification, removeMemberListings } from './modules/listings/index.js';
import { listingReviewedNotification, moderateWrite, type RuleSubject } from './modules/moderation/index.js';
import {
  insertNotifications,
  newMessageNotification,
  publishNotifications,
  unreadCounts,
  type NotificationInsert,
} from './modules/notifications/index.js';
import {
  offerEventNotification,
  offersServiceFor,
  type NotifyingOfferEvent,
} from './modules/offers/index.js';
import { ORDER_EVENTS, orderEventNotifications, ordersServiceFor } from './modules/orders/index.js';
import { REVIEW_EVENTS, reviewEventNotifications, reviewsServiceFor } from './modules/reviews/index.js';
import { createEmailNotifier } from './modules/settings/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once every email started so far has been sent or has failed. */
    emailsSettled(): Promise<void>;
  }
}

/**
 * The composition root of domain events: who reacts to what (docs/ARCHITECTURE.md, "Domain
 * events"). Writers emit through `context.events` and import none of the modules below.
 */
export function subscribeDomainEvents(app: FastifyInstance, context: AppContext): void {
  const { events, realtime } = context;
  const { db } = context.database;

  // Email: every notification below is also offered to the email notifier in its transaction,
  // which holds the members' email choices (one mail each, after the commit, or kept for their
  // daily digest). Emails on their way are sent, or logged as failed, before the app closes.
  const email = createEmailNotifier({
    db,
    mailer: context.mailer,
    jobs: context.jobs,
    publicUrl: context.config.publicUrl,
    logger: app.log,
  });
  app.decorate('emailsSettled', () => email.settled());
  app.addHook('onClose', async () => email.settled());

  // Notifications: a row is written in the transaction of the change it speaks of (unless its
  // member turned that kind off in the app), and pushed to its member's tabs once that commits.
  /** Writes the rows (those their members want), and after commit pushes them; answers what it wrote. */
  const notified = async (scope: WriteScope<Transaction>, rows: NotificationInsert[]) => {
    const created = await insertNotifications(scope.tx, rows);
    scope.afterCommit(() => publishNotifications(realtime, db, created));
    scope.afterCommit(await email.prepare(scope.tx, rows));
    return created;
  };
  const notify = async (scope: WriteScope<Transaction>, rows: NotificationInsert[]): Promise<void> => {
    await notified(scope, rows);
  };
  // A muted conversation tells its recipient nothing; a message of photos only reads "Sent a photo".
  // The recipient's header counts move with every message: one that writes no notification (muted,
  // or messages turned off in the app) pushes them on its own.
  events.onWrite('message.sent', async (scope, { message, sender, recipientMuted }) => {
    const created = await notified(
      scope,
      recipientMuted
        ? []
        : [newMessageNotification({ ...message, content: messagePreviewText(message) }, sender)],
    );
    if (created.length === 0) {
      scope.afterCommit(async () =>
        realtime.toUser(message.recipient_id, {
          type: 'unread.changed',
          unread: await unreadCounts(db, message.recipient_id),
        }),
      );
    }
  });
  events.onWrite('listing.reviewed', (scope, review) => notify(scope, [listingReviewedNotification(review)]));
  // Before the offers below: the buyer hears of the sale before any other offer is closed by it.
  events.onWrite('listing.sold', (scope, { listingId, title, buyerId }) =>
    notify(scope, buyerId ? [listingSoldNotification({ listingId, title, buyerId })] : []),
  );
  events.onWrite('member.mentioned', (scope, { recipientIds, source }) =>
    notify(
      scope,
      recipientIds.map((id) => mentionNotification(id, source)),
    ),
  );
  events.onWrite('forum.addressed', (scope, { notices, source }) =>
    notify(
      scope,
      notices.map((notice) => addressedNotification(notice.recipientId, notice.kind, source)),
    ),
  );
  const offerEvents: NotifyingOfferEvent[] = [
    'offer.created',
    'offer.accepted',
    'offer.rejected',
    'offer.countered',
    'offer.cancelled',
    'offer.expired',
    'offer.closed_by_sale',
    'offer.closed_by_terms',
    'offer.closed_by_seller_leaving',
  ];
  for (const name of offerEvents) {
    events.onWrite(name, (scope, change) => notify(scope, [offerEventNotification(name, change)]));
  }

  // Alerts: a new or edited listing is matched against saved searches in its own transaction
  // (the matcher skips one that is not public); the matches are pushed once it commits.
  const matchAlerts: WriteListener<Transaction, { listingId: string }> = async (scope, { listingId }) =>
    notify(scope, await matchListingToAlerts(scope.tx, listingId));
  events.onWrite('listing.created', matchAlerts);
  events.onWrite('listing.updated', matchAlerts);
  // A listing that waited for approval is matched once staff approve it.
  events.onWrite('listing.reviewed', (scope, { listing, approved }) =>
    approved ? matchAlerts(scope, { listingId: listing.id }) : Promise.resolve(),
  );

  // Offers: a sale settles the listing's open offers in the sale's transaction.
  const offers = offersServiceFor(app, context);
  events.onWrite('listing.sold', async (scope, { listingId, buyerId }) => {
    scope.afterCommit(await offers.settleForSale(scope.tx, listingId, buyerId));
  });
  // An edit that stops offers closes the listing's open ones (their buyers told).
  events.onWrite('listing.updated', async (scope, { listingId }) => {
    scope.afterCommit(await offers.closeWhereNotTaking(scope.tx, listingId));
  });

  // Orders: an accepted offer becomes an order in the acceptance's transaction (refused, and the
  // acceptance with it, when the listing is no longer available); a placed order closes the
  // listing's other open offers; a sale marked by hand is recorded as a completed order. Each
  // order step tells the other side, and both members' pages refresh once it commits.
  const orders = ordersServiceFor(app, context);
  // An offer at the seller's auto-accept amount is accepted by Castline on the seller's behalf.
  events.onWrite('offer.accepted', async (scope, { offer, by, actorName, amount }) => {
    const auto = by === 'system';
    scope.afterCommit(
      await orders.placeFromOffer(
        scope.tx,
        { id: offer.id, listingId: offer.product_id, buyerId: offer.buyer_id, amount },
        {
          side: by === 'buyer' ? 'buyer' : 'seller',
          actorId: by === 'buyer' ? offer.buyer_id : auto ? null : offer.seller_id,
          actorName: actorName ?? '',
          auto,
        },
      ),
    );
  });
  events.onWrite('order.placed', async (scope, { order, detail }) => {
    // Bought now at the price: the buyer's own open offer on it is withdrawn, not accepted.
    const buyersOwn = detail?.source === 'buy_now' ? 'cancelled' : 'accepted';
    scope.afterCommit(await offers.settleForSale(scope.tx, order.product_id, order.buyer_id, buyersOwn));
  });
  events.onWrite('listing.sold', (scope, { listingId, sellerId, buyerId }) =>
    orders.recordMarkedSale(scope.tx, { listingId, sellerId, buyerId }),
  );
  for (const name of ORDER_EVENTS) {
    events.onWrite(name, (scope, change) => notify(scope, orderEventNotifications(name, change)));
    events.onCommitted(name, ({ order }) =>
      realtime.toUsers([order.seller_id, ...(order.buyer_id ? [order.buyer_id] : [])], {
        type: 'order.changed',
        order_id: order.id,
        listing_id: order.product_id,
      }),
    );
  }

  // The moderation rules (below) as one call: check `text`, what a member wrote, of the item.
  const moderate = (entityType: RuleSubject['entityType'], entityId: string, text: string) =>
    moderateWrite(db, { entityType, entityId, text }, app.log).then(() => undefined);

  // Reviews: an order's review window opens when it is received (or completed without receipt): the
  // reveal of whatever is still hidden at its end is queued in that transaction. Each review, the
  // reveal and a reply tell the member concerned; both sides' order pages refresh once it commits.
  const reviews = reviewsServiceFor(app, context);
  for (const name of ['order.received', 'order.completed'] as const) {
    events.onWrite(name, (scope, { order }) => reviews.scheduleReveal(scope.tx, order.id));
  }
  for (const name of REVIEW_EVENTS) {
    events.onWrite(name, (scope, change) => notify(scope, reviewEventNotifications(name, change)));
    // The rules read a review's body when it is written and its reply when it is posted (one
    // item: a rule on the reply acts on the review), before either side's page refetches it.
    events.onCommitted(name, ({ written }) =>
      written && written.text.trim().length > 0
        ? moderate('review', written.reviewId, written.text)
        : undefined,
    );
    events.onCommitted(name, ({ order }) =>
      realtime.toUsers([order.seller_id, ...(order.buyer_id ? [order.buyer_id] : [])], {
        type: 'order.changed',
        order_id: order.id,
        listing_id: order.product_id,
      }),
    );
  }

  // Moderation: the rules read what a member wrote once it has committed; a rule may hide, flag or
  // queue it before it is pushed to anyone. A failing rule is logged and the content stays. (The
  // reviews' words are read with the review events above, before their pages refresh.)
  events.onCommitted('listing.created', ({ listingId, title, description }) =>
    moderate('product', listingId, `${title}\n${description ?? ''}`),
  );
  events.onCommitted('listing.updated', ({ listingId, title, description }) =>
    moderate('product', listingId, `${title}\n${description ?? ''}`),
  );
  events.onCommitted('post.created', ({ postId, title, content }) =>
    moderate('forum_post', postId, `${title}\n${content}`),
  );
  events.onCommitted('post.edited', ({ postId, title, content }) =>
    moderate('forum_post', postId, `${title}\n${content}`),
  );
  events.onCommitted('comment.created', ({ commentId, content }) =>
    moderate('forum_comment', commentId, content),
  );
  events.onCommitted('message.sent', ({ message }) => moderate('message', message.id, message.content));

  // An account deleted: its listings, open offers (the other members told) and saved searches go in
  // its transaction; its open pages are signed out after commit and open lists refetch.
  events.onWrite('member.deleted', async (scope, { memberId }) => {
    await removeMemberListings(scope.tx, memberId);
    scope.afterCommit(
      await offers.closeForDeletedMember(scope.tx, memberId, SETTINGS_MESSAGES.deletedMemberName),
    );
    await deleteMemberAlerts(scope.tx, memberId);
  });
  events.onCommitted('member.deleted', ({ memberId }) => {
    realtime.endMemberSessions(memberId, AUTH_MESSAGES.sessionEndedByAccountDeletion);
    realtime.toEveryone({ type: 'content.changed', entity: 'profile', post_id: null, user_id: memberId });
  });

  // Sessions: a banned member's open pages are signed out now, not at their next request.
  events.onCommitted('member.banned', ({ memberId, message }) =>
    realtime.endMemberSessions(memberId, message),
  );

  // Realtime: both members see a message or an offer change as soon as it is safe to show (after
  // the moderation rules above have read it).
  events.onCommitted('message.sent', ({ message }) =>
    realtime.toUsers([message.sender_id, message.recipient_id], { type: 'message.created', message }),
  );
  for (const name of offerEvents) {
    if (name === 'offer.closed_by_sale') continue; // the sale pushes every offer it settled at once
    events.onCommitted(name, ({ offer }) => offers.pushChanged([offer.id]));
  }
}
