import type { Transaction } from './db/client.js';
import type { MessageDto } from '@castline/shared';
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
  'listing.sold': { listingId: string; title: string; sellerId: string; buyerId: string | null };
  /**
   * Staff approved or rejected a listing that waited for approval (in the review's transaction):
   * its seller is told, and an approved listing is matched against saved searches.
   */
  'listing.reviewed': {
    listing: { id: string; title: string; seller_id: string };
    approved: boolean;
    reason: string | null;
  };
  /**
   * A direct message was stored (in its transaction: its notification row; after commit: moderation,
   * email, then the push to both members).
   */
  'message.sent': {
    message: MessageDto;
    sender: { username: string; avatar_url: string | null };
    /** The recipient muted the conversation: no notification, no email (the push still goes). */
    recipientMuted: boolean;
  };
  /** A forum post was published (after commit). */
  'post.created': { postId: string; title: string; content: string };
  /** A forum post's title or content changed (after commit). */
  'post.edited': { postId: string; title: string; content: string };
  /**
   * A post or comment mentioned members who may be told (in its transaction): existing, not the
   * writer, not deleted, not blocking the writer.
   */
  'member.mentioned': {
    recipientIds: string[];
    source: {
      postId: string;
      postTitle: string;
      commentId?: string;
      sender: { id: string; username: string };
    };
  };
  /**
   * A new comment answered members' comments or posts, quoted them, or came in a topic they
   * watch (in its transaction); each member once, and none who blocked the writer.
   */
  'forum.addressed': {
    notices: { recipientId: string; kind: 'reply' | 'reply_to_post' | 'quote' | 'watched' }[];
    source: {
      postId: string;
      postTitle: string;
      commentId?: string;
      sender: { id: string; username: string };
    };
  };
  /** A comment was added to a post (after commit). */
  'comment.created': { commentId: string; postId: string; content: string };
  /**
   * A member deleted their account (in its transaction: their listings, open offers and saved
   * searches go; after commit: their open pages are signed out and lists refetch).
   */
  'member.deleted': { memberId: string };
  /** Staff banned a member (after commit); `message` is what their open pages are told. */
  'member.banned': { memberId: string; message: string };
  /** A buyer made an offer (in its transaction, and after commit). */
  'offer.created': OfferEvent;
  /** The other side accepted an offer or counter-offer (in its transaction, and after commit). */
  'offer.accepted': OfferEvent;
  /** The other side turned an offer or counter-offer down (in its transaction, and after commit). */
  'offer.rejected': OfferEvent;
  /** The seller answered with a counter-offer (in its transaction, and after commit). */
  'offer.countered': OfferEvent;
  /** The buyer withdrew the offer (in its transaction, and after commit). */
  'offer.cancelled': OfferEvent;
  /** An open offer's 48 hours ran out (in the sweep's transaction, and after commit). */
  'offer.expired': OfferEvent;
  /** The listing sold to someone else, closing this open offer (in the sale's transaction). */
  'offer.closed_by_sale': OfferEvent;
  /** The seller stopped taking offers on the listing, closing this open offer (in the edit's transaction). */
  'offer.closed_by_terms': OfferEvent;
  /** The seller deleted their account, closing this open offer (in the deletion's transaction). */
  'offer.closed_by_seller_leaving': OfferEvent;
  /** A buyer bought now or an offer was accepted: an order holds the listing (in its transaction, and after commit). */
  'order.placed': OrderEvent;
  /** The seller confirmed the buyer's payment (in its transaction, and after commit). */
  'order.paid': OrderEvent;
  /** The seller shipped the order or readied it for pickup (in its transaction, and after commit). */
  'order.shipped': OrderEvent;
  /** The buyer marked the order received (in its transaction, and after commit). */
  'order.received': OrderEvent;
  /** The order completed: received, or by itself once its time ran out (in its transaction, and after commit). */
  'order.completed': OrderEvent;
  /** Buyer or seller cancelled the order; its listing is back on the market (in its transaction, and after commit). */
  'order.cancelled': OrderEvent;
  /**
   * A side of an order reviewed the other (in its transaction: the other side is told; after
   * commit: both sides' pages refresh). `revealed`: it was the second review, so both show now.
   */
  'review.submitted': ReviewEvent;
  /** The review window closed: the reviews still hidden show now (in the job's transaction, and after commit). */
  'reviews.revealed': ReviewEvent;
  /** The member reviewed posted their reply (in its transaction, and after commit). */
  'review.replied': ReviewEvent;
}

/** What an order event says: the order, who moved it (`by`, with their name) and what they added. */
export interface OrderEvent {
  order: { id: string; product_id: string; buyer_id: string | null; seller_id: string; title: string };
  by: 'buyer' | 'seller' | 'system';
  actorName: string | null;
  /** The order's total, for the texts that name it. */
  total: number;
  /** The shipping details, the pickup note or the cancel reason the step carried. */
  detail?: {
    source?: 'buy_now' | 'offer' | 'auto_accept';
    carrier?: string;
    tracking_number?: string;
    pickup_note?: string;
    reason?: string;
    handover?: string | null;
  };
}

/** What a review event says: the order, who wrote (null: Castline), the reviews it concerns. */
export interface ReviewEvent {
  order: { id: string; product_id: string; buyer_id: string | null; seller_id: string; title: string };
  /** The reviewer, or the member replying; null when the window's end revealed the reviews. */
  by: { id: string; username: string } | null;
  /** The reviews the event concerns: who wrote each and whom it speaks of. */
  reviews: { reviewerId: string; reviewerName: string; revieweeId: string }[];
  /** Both sides' reviews show now. */
  revealed: boolean;
  /** When a review still hidden shows by itself (the window's end); null once nothing is hidden. */
  revealsAt: string | null;
  /**
   * What a member just wrote, for the moderation rules: the review's body (`review.submitted`) or
   * the reply to it (`review.replied`); absent when the event wrote no words.
   */
  written?: { reviewId: string; text: string };
}

/** What a listing's write says of it: its id and the text a member wrote. */
export interface ListingWritten {
  listingId: string;
  title: string;
  description: string | null;
}

/**
 * What an offer event says: the offer, who acted (`by`, with their name) and the amount the
 * change is about (the offer, the counter, or whichever was current).
 */
export interface OfferEvent {
  offer: { id: string; product_id: string; buyer_id: string; seller_id: string; title: string };
  by: 'buyer' | 'seller' | 'system';
  actorName: string | null;
  amount: number;
}

export type ServerEvents = DomainEvents<ServerEventMap, Transaction>;
