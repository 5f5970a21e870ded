import { createHmac } from 'node:crypto';
import { canViewListing, LISTING_MESSAGES as M, LISTING_VIEW_RATE_LIMIT } from '@castline/shared';
import { AUTH_MESSAGES } from '@castline/shared';
import type { Actor } from '../../http/access-policy.js';
import { NotFoundError, RateLimitedError } from '../../http/errors.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import type { ListingsRepository } from './listings.repository.js';

/*
 * Listing views (docs/decisions/0015-listing-views.md). The listing page sends a beacon, POST
 * /api/listings/:id/views, once it has shown the listing: guests' pages served from the page cache
 * count too, and a HEAD, a prefetch or a crawler that runs no script never does. Each reader counts
 * once per listing a day; the seller's own visits never count.
 */

/** Who is reading: a member by their id, a guest by their address and browser. */
export type ListingReader = { memberId: string } | { ip: string; userAgent: string };

/** User agents of crawlers and link previewers, whose fetches are not readers' views. */
const CRAWLER_AGENT = /bot\b|crawl|spider|slurp|facebookexternalhit|embedly|preview|curl\/|wget\//i;

export function isCrawler(userAgent: string): boolean {
  return CRAWLER_AGENT.test(userAgent);
}

/** The UTC day of `now`, as the date the rows carry (YYYY-MM-DD). */
export function viewDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The key that the views' HMACs are made with, derived from the server's secret for this use only. */
export function viewKeySecret(authSecret: string): Buffer {
  return createHmac('sha256', authSecret).update('castline:listing-views:v1').digest();
}

/**
 * A reader's key for one day: an HMAC of the reader and the day, so the table holds neither member
 * ids nor addresses, and a key made today cannot be matched with the same reader's key tomorrow.
 * 128 bits, base64url.
 */
export function listingViewKey(secret: Buffer, reader: ListingReader, day: string): string {
  const subject = 'memberId' in reader ? `m\n${reader.memberId}` : `g\n${reader.ip}\n${reader.userAgent}`;
  return createHmac('sha256', secret)
    .update(`${day}\n${subject}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** The rate-limit key of an address's view beacons (tests reset it). */
export function listingViewRateKey(ip: string): string {
  return `listing-views:${ip}`;
}

export interface ListingViewsDeps {
  repository: Pick<ListingsRepository, 'findState' | 'recordView'>;
  rateLimiter: RateLimiter;
  /** viewKeySecret(authSecret). */
  secret: Buffer;
}

export interface ViewBeacon {
  actor: Actor | null;
  ip: string;
  userAgent: string;
  now?: Date;
}

export function createListingViews({ repository, rateLimiter, secret }: ListingViewsDeps) {
  return {
    /**
     * Counts a view of listing `id` when it is one: 404 when the caller may not see the listing
     * (as its page would answer), 429 past the address's limit; true when a new view was counted.
     * Not counted: the seller, a crawler, a listing only its seller and staff may see, and a
     * reader counted already today.
     */
    async record(id: string, { actor, ip, userAgent, now = new Date() }: ViewBeacon): Promise<boolean> {
      const limit = await rateLimiter.consume(listingViewRateKey(ip), LISTING_VIEW_RATE_LIMIT);
      if (!limit.allowed) {
        throw new RateLimitedError(AUTH_MESSAGES.tooManyRequests, Math.ceil(limit.retryAfterMs / 1000));
      }
      const state = await repository.findState(id);
      if (!state || !canViewListing(actor, state)) throw new NotFoundError(M.productNotFound);
      if (actor?.id === state.seller_id || !canViewListing(null, state) || isCrawler(userAgent)) return false;
      const day = viewDay(now);
      const reader: ListingReader = actor ? { memberId: actor.id } : { ip, userAgent };
      return repository.recordView(id, day, listingViewKey(secret, reader, day));
    },
  };
}

export type ListingViews = ReturnType<typeof createListingViews>;
