import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type {
  CounterOfferBody,
  CreateOfferBody,
  ListOffersQuery,
  MyListingOfferDto,
  OfferAction,
  OfferDto,
  OfferListDto,
  OffersWithMemberDto,
} from '@castline/shared';
import {
  canMakeOffer,
  canViewListing,
  LISTING_MESSAGES,
  LISTING_TERMS_MESSAGES,
  OFFER_MESSAGES as M,
  ORDER_MESSAGES,
  OFFERS_WITH_MEMBER_MAX,
  OPEN_OFFER_STATUSES,
  isBannedMember,
} from '@castline/shared';
import type { Executor, Transaction } from '../../db/client.js';
import type { Actor } from '../../http/access-policy.js';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError } from '../../http/errors.js';
import type { BodyReader } from '../../http/route-helpers.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import type { OfferEvent, ServerEventMap, ServerEvents } from '../../domain-events.js';
import type { AfterCommit } from '../../platform/events/domain-events.js';
import type { NotifiedOffer, NotifyingOfferEvent } from './offers.notifications.js';
import { listingClosed, presentOffer, presentOfferEvent, presentOfferList } from './offers.presenter.js';
import {
  isOpenOfferConflict,
  type ExpiryScope,
  type OfferListingState,
  type OfferRow,
  type OffersRepository,
  type SettledOffer,
} from './offers.repository.js';

export type ListOffersParams = z.output<typeof ListOffersQuery>;
export type OfferBody = z.output<typeof CreateOfferBody>;
export type CounterBody = z.output<typeof CounterOfferBody>;

export interface OffersServiceDeps {
  repository: OffersRepository;
  realtime: RealtimePublisher;
  /** Where the service says what happened (`offer.created`). */
  events: ServerEvents;
  logger: FastifyBaseLogger;
}

type RespondAction = Exclude<OfferAction, 'mark-sold'>;

/** The event each answer to an offer raises. */
const RESPONSE_EVENTS = {
  accept: 'offer.accepted',
  reject: 'offer.rejected',
  counter: 'offer.countered',
  cancel: 'offer.cancelled',
} as const satisfies Record<RespondAction, keyof ServerEventMap>;

function notified(row: OfferRow): NotifiedOffer {
  return {
    id: row.id,
    product_id: row.product_id,
    buyer_id: row.buyer_id,
    seller_id: row.seller_id,
    title: row.listing_title,
  };
}

function notifiedSettled(offer: SettledOffer): NotifiedOffer {
  return { ...offer };
}

/** What the buyer last offered or was last offered: the counter when there is one. */
function currentAmount(offer: { amount: number; counter_amount: number | null }): number {
  return offer.counter_amount ?? offer.amount;
}

export function createOffersService({ repository, realtime, events, logger }: OffersServiceDeps) {
  const { db } = repository;

  /** offer.changed to the buyer and the seller of each offer, as it is now. */
  async function pushChanged(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    try {
      for (const row of await repository.findMany(db, ids)) {
        realtime.toUsers([row.buyer_id, row.seller_id], {
          type: 'offer.changed',
          offer: presentOfferEvent(row),
        });
      }
    } catch (error) {
      // The change is committed; a client that missed the push catches up on its next fetch.
      logger.warn({ err: error }, 'publishing offer changes failed');
    }
  }

  /**
   * Raises `name` for each offer inside `tx`; the returned work runs what its listeners left for
   * after the commit, then its after-commit listeners.
   */
  async function raise(
    tx: Transaction,
    name: (typeof RESPONSE_EVENTS)[RespondAction] | NotifyingOfferEvent,
    changes: OfferEvent[],
  ): Promise<AfterCommit> {
    const later: AfterCommit[] = [];
    for (const change of changes) later.push(await events.inTransaction(tx, name, change));
    return async () => {
      for (const work of later) await work();
      for (const change of changes) await events.committed(name, change);
    };
  }

  /** Expires the open offers in `scope` whose 48 hours are over and tells their buyers. */
  async function sweep(scope: ExpiryScope): Promise<number> {
    const { count, published } = await db.transaction(async (tx) => {
      const expired = await repository.expireDue(tx, scope);
      const published = await raise(
        tx,
        'offer.expired',
        expired.map((offer) => ({
          offer: notifiedSettled(offer),
          by: 'system' as const,
          actorName: null,
          amount: currentAmount(offer),
        })),
      );
      return { count: expired.length, published };
    });
    await published();
    return count;
  }

  async function presentFresh(id: string, viewerId: string): Promise<OfferDto> {
    const row = await repository.findById(db, id);
    if (!row) throw new NotFoundError(M.notFound);
    return presentOffer(row, viewerId);
  }

  function assertNotBanned(actor: Actor): void {
    if (isBannedMember(actor)) throw new ForbiddenError(M.banned);
  }

  /** 409 when the seller takes no offers on the listing (one of its terms). */
  function assertTakesOffers(listing: OfferListingState): void {
    if (!listing.accepts_offers) throw new ConflictError('CONFLICT', LISTING_TERMS_MESSAGES.offersClosed);
  }

  /** 409 (the amount is not shown) when the offer is under the seller's auto-decline amount. */
  function assertAboveMinimum(listing: OfferListingState, amount: number): void {
    if (listing.auto_decline_below !== null && amount < Number(listing.auto_decline_below))
      throw new ConflictError('CONFLICT', M.belowSellersMinimum);
  }

  /** The listing when the caller may see it; otherwise 404 Product not found. */
  async function visibleListing(executor: Executor, id: string, actor: Actor, lock = false) {
    const listing = await repository.listingState(executor, id, lock);
    if (!listing || !canViewListing(actor, listing))
      throw new NotFoundError(LISTING_MESSAGES.productNotFound);
    return listing;
  }

  return {
    sweep,

    async create(actor: Actor | null, listingId: string, readBody: BodyReader<OfferBody>): Promise<OfferDto> {
      if (!actor) throw new UnauthenticatedError(M.mustBeLoggedIn);
      // The check runs again on the locked row below; this one answers before the body is read.
      const listing = await visibleListing(db, listingId, actor);
      assertNotBanned(actor);
      if (listing.seller_id === actor.id) throw new ForbiddenError(M.ownListing);
      assertTakesOffers(listing);
      if (!canMakeOffer(actor.id, listing)) throw new ConflictError('CONFLICT', M.notAvailable);
      const body = readBody();
      // A listing offering both ways lets the buyer choose; otherwise only its one way is accepted.
      if (body.handover && listing.handover !== 'both' && listing.handover !== body.handover)
        throw new ConflictError('CONFLICT', ORDER_MESSAGES.handoverNotOffered);
      // Under the seller's auto-decline amount: refused here, and the seller is not bothered.
      assertAboveMinimum(listing, body.amount);
      // An offer past its 48 hours no longer holds the buyer's one open slot.
      await sweep({ kind: 'listing-buyer', listingId, buyerId: actor.id });

      let created: { id: string; published: AfterCommit };
      try {
        created = await db.transaction(async (tx) => {
          // Locked so that a sale cannot slip in between this check and the insert (mark-sold
          // settles the open offers of the listing after it takes this row).
          const locked = await visibleListing(tx, listingId, actor, true);
          assertTakesOffers(locked);
          if (!canMakeOffer(actor.id, locked)) throw new ConflictError('CONFLICT', M.notAvailable);
          assertAboveMinimum(locked, body.amount);
          const id = await repository.insert(tx, {
            product_id: listingId,
            buyer_id: actor.id,
            seller_id: locked.seller_id,
            amount: body.amount,
            note: body.note,
            handover: locked.handover === 'both' ? (body.handover ?? 'shipping') : null,
          });
          const offer = {
            id,
            product_id: listingId,
            buyer_id: actor.id,
            seller_id: locked.seller_id,
            title: locked.title,
          };
          // At or above the seller's auto-accept amount: accepted at once, and the order is placed
          // (offer.accepted by Castline on the seller's behalf); the seller hears of the order.
          if (locked.auto_accept_at !== null && body.amount >= Number(locked.auto_accept_at)) {
            await repository.acceptAtOnce(tx, id);
            const published = await raise(tx, 'offer.accepted', [
              { offer, by: 'system', actorName: null, amount: body.amount },
            ]);
            return { id, published };
          }
          const published = await raise(tx, 'offer.created', [
            { offer, by: 'buyer', actorName: actor.username, amount: body.amount },
          ]);
          return { id, published };
        });
      } catch (error) {
        if (isOpenOfferConflict(error)) throw new ConflictError('CONFLICT', M.alreadyOpen);
        throw error;
      }
      await created.published();
      return presentFresh(created.id, actor.id);
    },

    async mine(actor: Actor, listingId: string): Promise<MyListingOfferDto> {
      await visibleListing(db, listingId, actor);
      await sweep({ kind: 'listing-buyer', listingId, buyerId: actor.id });
      const row = await repository.mine(listingId, actor.id);
      return { offer: row ? presentOffer(row, actor.id) : null };
    },

    /** The offers between the caller and another member, as cards of their conversation. */
    async between(userId: string, otherId: string): Promise<OffersWithMemberDto> {
      await sweep({ kind: 'member', userId });
      const rows = await repository.between(userId, otherId, OFFERS_WITH_MEMBER_MAX);
      return { items: rows.map((row) => presentOffer(row, userId)) };
    },

    async list(userId: string, query: ListOffersParams): Promise<OfferListDto> {
      // A stale offer never shows as open: whatever is due expires before the page is read.
      await sweep({ kind: 'member', userId });
      const { rows, total } = await repository.list({
        userId,
        role: query.role,
        open: query.status === 'open',
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return presentOfferList(rows, userId, total, query.page, query.pageSize);
    },

    /**
     * accept, reject, counter or cancel, as offerActionsFor allows the caller; the other member is
     * notified and both get offer.changed once it has committed.
     */
    async respond(
      actor: Actor,
      offerId: string,
      action: RespondAction,
      readCounter?: BodyReader<CounterBody>,
    ): Promise<OfferDto> {
      await sweep({ kind: 'offer', offerId });
      const published = await db.transaction(async (tx) => {
        await repository.lockListingOfOffer(tx, offerId);
        const row = await repository.lockForAction(tx, offerId);
        // Someone else's offer is not the caller's to see.
        if (!row || (row.buyer_id !== actor.id && row.seller_id !== actor.id)) {
          throw new NotFoundError(M.notFound);
        }
        assertNotBanned(actor);
        if (!presentOffer(row, actor.id).actions.includes(action)) {
          if (!(OPEN_OFFER_STATUSES as readonly string[]).includes(row.status))
            throw new ConflictError('CONFLICT', M.notOpen);
          if (listingClosed(row)) throw new ConflictError('CONFLICT', M.notAvailable);
          throw new ForbiddenError(M.notAllowed);
        }
        const isSeller = actor.id === row.seller_id;
        const from = row.status as 'pending' | 'countered';
        let change: Parameters<OffersRepository['transition']>[3];
        // The seller accepts or rejects the buyer's offer; the buyer answers the seller's counter.
        let amount = isSeller ? row.amount : currentAmount(row);
        switch (action) {
          case 'accept':
            change = { status: 'accepted' };
            break;
          case 'reject':
            change = { status: 'rejected' };
            break;
          case 'counter': {
            const body = readCounter!();
            change = {
              status: 'countered',
              counter_amount: body.amount,
              counter_note: body.note,
              renewExpiry: true,
            };
            amount = body.amount;
            break;
          }
          case 'cancel':
            change = { status: 'cancelled' };
            amount = currentAmount(row);
            break;
        }
        if (!(await repository.transition(tx, row.id, from, change))) {
          throw new ConflictError('CONFLICT', M.notOpen);
        }
        return raise(tx, RESPONSE_EVENTS[action], [
          { offer: notified(row), by: isSeller ? 'seller' : 'buyer', actorName: actor.username, amount },
        ]);
      });
      await published();
      return presentFresh(offerId, actor.id);
    },

    /**
     * Inside mark_product_as_sold's transaction: the buyer's own open offer is accepted, every
     * other open offer is rejected and its buyer told (OFFER_REJECTED, is_seller false). A buyer
     * who bought now at the price withdraws their own open offer instead (`buyersOwn: 'cancelled'`).
     */
    async settleForSale(
      tx: Transaction,
      listingId: string,
      buyerId: string | null,
      buyersOwn: 'accepted' | 'cancelled' = 'accepted',
    ): Promise<AfterCommit> {
      const { accepted, rejected } = await repository.settleForSale(tx, listingId, buyerId, buyersOwn);
      const published = await raise(
        tx,
        'offer.closed_by_sale',
        rejected.map((offer) => ({
          offer: notifiedSettled(offer),
          by: 'system' as const,
          actorName: null,
          amount: currentAmount(offer),
        })),
      );
      // Accepted offers change too: with the listing sold, the seller's mark-sold action is gone.
      const ids = [
        ...new Set([
          ...(await repository.acceptedIds(tx, listingId)),
          ...[...accepted, ...rejected].map((o) => o.id),
        ]),
      ];
      return async () => {
        await published();
        await pushChanged(ids);
      };
    },

    /**
     * Inside a listing edit's transaction: when the seller no longer takes offers on it, its open
     * offers are closed and their buyers told.
     */
    async closeWhereNotTaking(tx: Transaction, listingId: string): Promise<AfterCommit> {
      const closed = await repository.rejectOpenWhereClosed(tx, listingId);
      return raise(
        tx,
        'offer.closed_by_terms',
        closed.map((offer) => ({
          offer: notifiedSettled(offer),
          by: 'seller' as const,
          actorName: null,
          amount: currentAmount(offer),
        })),
      );
    },

    /**
     * Inside an account deletion's transaction: every open offer the member made or received is
     * cancelled, and the member on its other side told.
     */
    async closeForDeletedMember(
      tx: Transaction,
      memberId: string,
      deletedName: string,
    ): Promise<AfterCommit> {
      const cancelled = await repository.cancelOpenOf(tx, memberId);
      const change = (offer: SettledOffer): OfferEvent => ({
        offer: notifiedSettled(offer),
        by: offer.buyer_id === memberId ? 'buyer' : 'seller',
        actorName: deletedName,
        amount: currentAmount(offer),
      });
      const byBuyer = await raise(
        tx,
        'offer.cancelled',
        cancelled.filter((offer) => offer.buyer_id === memberId).map(change),
      );
      const bySeller = await raise(
        tx,
        'offer.closed_by_seller_leaving',
        cancelled.filter((offer) => offer.buyer_id !== memberId).map(change),
      );
      return async () => {
        await byBuyer();
        await bySeller();
      };
    },

    /** offer.changed to both members of each offer, as it is now (after commit). */
    pushChanged,
  };
}

export type OffersService = ReturnType<typeof createOffersService>;
