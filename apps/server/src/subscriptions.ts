import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.js';
import type { WriteListener } from './platform/events/domain-events.js';
import type { Transaction } from './db/client.js';
import { matchListingToAlerts } from './modules/alerts/index.js';
import { moderateWrite, type RuleSubject } from './modules/moderation/index.js';
import { publishNotifications } from './modules/notifications/index.js';
import { offersServiceFor } from './modules/offers/index.js';
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

  // Alerts: a new or edited listing is matched against saved searches in its own transaction
  // (the matcher skips one that is not public); the matches are pushed once it commits.
  const matchAlerts: WriteListener<Transaction, { listingId: string }> = async (scope, { listingId }) => {
    const notifications = await matchListingToAlerts(scope.tx, listingId);
    scope.afterCommit(() => publishNotifications(realtime, db, notifications));
  };
  events.onWrite('listing.created', matchAlerts);
  events.onWrite('listing.updated', matchAlerts);

  // Offers: a sale settles the listing's open offers in the sale's transaction.
  const offers = offersServiceFor(app, context);
  events.onWrite('listing.sold', async (scope, { listingId, buyerId }) => {
    const effects = await offers.settleForSale(scope.tx, listingId, buyerId);
    scope.afterCommit(async () => {
      await publishNotifications(realtime, db, effects.notifications);
      await effects.publish?.();
    });
  });

  // Moderation: the rules read what a member wrote once it has committed; a rule may hide, flag or
  // queue it before it is pushed to anyone. A failing rule is logged and the content stays.
  const moderate = (entityType: RuleSubject['entityType'], entityId: string, text: string) =>
    moderateWrite(db, { entityType, entityId, text }, app.log).then(() => undefined);
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

  // Email: members who asked for it hear of new messages and offers (sent in the background;
  // failures are logged). Emails on their way are sent, or logged as failed, before the app closes.
  const email = createEmailNotifier({
    db,
    mailer: context.mailer,
    publicUrl: context.config.publicUrl,
    logger: app.log,
  });
  app.decorate('emailsSettled', () => email.settled());
  app.addHook('onClose', async () => email.settled());
  events.onCommitted('message.sent', ({ message, senderName }) => email.newMessage(message, senderName));
  events.onCommitted('offer.created', ({ offer, buyerName }) => email.newOffer(offer, buyerName));
}
