import type { Transaction } from './db/client.js';
import type { DomainEvents } from './platform/events/domain-events.js';

/**
 * Every domain event of the server and what it carries. Writers emit them through
 * `context.events`; src/subscriptions.ts is where listeners subscribe (docs/ARCHITECTURE.md lists
 * who listens to each).
 */
export interface ServerEventMap {
  /** A listing was created (in its transaction). */
  'listing.created': { listingId: string };
  /** A listing was edited (in its transaction). */
  'listing.updated': { listingId: string };
  /** A listing was marked sold, to `buyerId` or elsewhere when null (in its transaction). */
  'listing.sold': { listingId: string; buyerId: string | null };
  /** A direct message was stored (after commit). */
  'message.sent': {
    message: { sender_id: string; recipient_id: string; content: string };
    senderName: string;
  };
  /** A buyer made an offer (after commit). */
  'offer.created': {
    offer: { id: string; buyer_id: string; seller_id: string; title: string; amount: number };
    buyerName: string;
  };
}

export type ServerEvents = DomainEvents<ServerEventMap, Transaction>;
