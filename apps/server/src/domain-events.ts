import type { Transaction } from './db/client.js';
import type { DomainEvents } from './platform/events/domain-events.js';

/**
 * Every domain event of the server and what it carries. Writers emit them through
 * `context.events`; src/subscriptions.ts is where listeners subscribe (docs/ARCHITECTURE.md lists
 * who listens to each).
 */
export interface ServerEventMap {
  /** A listing was created (in its transaction, and after commit). */
  'listing.created': ListingWritten;
  /** A listing was edited (in its transaction, and after commit). */
  'listing.updated': ListingWritten;
  /** A listing was marked sold, to `buyerId` or elsewhere when null (in its transaction). */
  'listing.sold': { listingId: string; buyerId: string | null };
  /** A direct message was stored (after commit). */
  'message.sent': {
    message: { id: string; sender_id: string; recipient_id: string; content: string };
    senderName: string;
  };
  /** A forum post was published (after commit). */
  'post.created': { postId: string; title: string; content: string };
  /** A forum post's title or content changed (after commit). */
  'post.edited': { postId: string; title: string; content: string };
  /** A comment was added to a post (after commit). */
  'comment.created': { commentId: string; postId: string; content: string };
  /** A buyer made an offer (after commit). */
  'offer.created': {
    offer: { id: string; buyer_id: string; seller_id: string; title: string; amount: number };
    buyerName: string;
  };
}

/** What a listing's write says of it: its id and the text a member wrote. */
export interface ListingWritten {
  listingId: string;
  title: string;
  description: string | null;
}

export type ServerEvents = DomainEvents<ServerEventMap, Transaction>;
