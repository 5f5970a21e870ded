import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type {
  CounterOfferBody,
  CreateOfferBody,
  ListOffersQuery,
  MyListingOfferDto,
  NotificationDto,
  OfferAction,
  OfferDto,
  OfferListDto,
} from '@castline/shared';
import {
  canMakeOffer,
  canViewListing,
  LISTING_MESSAGES,
  OFFER_MESSAGES as M,
  OPEN_OFFER_STATUSES,
  isBannedMember,
} from '@castline/shared';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../../http/access-policy.js';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError } from '../../http/errors.js';
import {
  insertNotifications,
  publishNotifications,
  type NotificationInsert,
} from '../notifications/index.js';
import type { RealtimePublisher } from '../realtime/index.js';
import type { ServerEvents } from '../../domain-events.js';
import { offerNotifications, type NotifiedOffer } from './offers.notifications.js';
import { listingClosed, presentOffer, presentOfferEvent, presentOfferList } from './offers.presenter.js';
import {
  isOpenOfferConflict,
  type ExpiryScope,
  type OfferRow,
  type OffersRepository,
  type SettledOffer,
} from './offers.repository.js';

/** Reads the validated request body; called once the caller may act (401/404/403 come before 400). */
export type BodyReader<T> = () => T;

export type ListOffersParams = z.output<typeof ListOffersQuery>;
export type OfferBody = z.output<typeof CreateOfferBody>;
export type CounterBody = z.output<typeof CounterOfferBody>;

/** What a change made inside another feature's transaction leaves to push once it has committed. */
export interface OfferSideEffects {
  notifications: NotificationDto[];
  /** Pushes offer.changed to both members of every offer that changed (after commit). */
  publish: () => Promise<void>;
}

export interface OffersServiceDeps {
  repository: OffersRepository;
  realtime: RealtimePublisher;
  /** Where the service says what happened (`offer.created`). */
  events: ServerEvents;
  logger: FastifyBaseLogger;
}

type RespondAction = Exclude<OfferAction, 'mark-sold'>;

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
  async function publishOffers(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    for (const row of await repository.findMany(db, ids)) {
      realtime.toUsers([row.buyer_id, row.seller_id], {
        type: 'offer.changed',
        offer: presentOfferEvent(row),
      });
    }
  }

  async function publishAll(notifications: NotificationDto[], offerIds: string[]): Promise<void> {
    try {
      await publishNotifications(realtime, db, notifications);
      await publishOffers(offerIds);
    } catch (error) {
      // The change is committed; a client that missed the push catches up on its next fetch.
      logger.warn({ err: error }, 'publishing offer changes failed');
    }
  }

  /** Expires the open offers in `scope` whose 48 hours are over and tells their buyers. */
  async function sweep(scope: ExpiryScope): Promise<number> {
    const { notifications, offerIds } = await db.transaction(async (tx) => {
      const expired = await repository.expireDue(tx, scope);
      const created = await insertNotifications(
        tx,
        expired.map((offer) => offerNotifications.expired(notifiedSettled(offer), currentAmount(offer))),
      );
      return { notifications: created, offerIds: expired.map((offer) => offer.id) };
    });
    if (offerIds.length > 0) await publishAll(notifications, offerIds);
    return offerIds.length;
  }

  async function presentFresh(id: string, viewerId: string): Promise<OfferDto> {
    const row = await repository.findById(db, id);
    if (!row) throw new NotFoundError(M.notFound);
    return presentOffer(row, viewerId);
  }

  function assertNotBanned(actor: Actor): void {
    if (isBannedMember(actor)) throw new ForbiddenError(M.banned);
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
      if (!canMakeOffer(actor.id, listing)) throw new ConflictError('CONFLICT', M.notAvailable);
      const body = readBody();
      // An offer past its 48 hours no longer holds the buyer's one open slot.
      await sweep({ kind: 'listing-buyer', productId: listingId, buyerId: actor.id });

      let created: { id: string; notifications: NotificationDto[] };
      try {
        created = await db.transaction(async (tx) => {
          // Locked so that a sale cannot slip in between this check and the insert (mark-sold
          // settles the open offers of the listing after it takes this row).
          const locked = await visibleListing(tx, listingId, actor, true);
          if (!canMakeOffer(actor.id, locked)) throw new ConflictError('CONFLICT', M.notAvailable);
          const id = await repository.insert(tx, {
            product_id: listingId,
            buyer_id: actor.id,
            seller_id: locked.seller_id,
            amount: body.amount,
            note: body.note,
          });
          const notifications = await insertNotifications(tx, [
            offerNotifications.received(
              {
                id,
                product_id: listingId,
                buyer_id: actor.id,
                seller_id: locked.seller_id,
                title: locked.title,
              },
              actor.username,
              body.amount,
            ),
          ]);
          return { id, notifications };
        });
      } catch (error) {
        if (isOpenOfferConflict(error)) throw new ConflictError('CONFLICT', M.alreadyOpen);
        throw error;
      }
      await publishAll(created.notifications, [created.id]);
      await events.committed('offer.created', {
        offer: {
          id: created.id,
          buyer_id: actor.id,
          seller_id: listing.seller_id,
          title: listing.title,
          amount: body.amount,
        },
        buyerName: actor.username,
      });
      return presentFresh(created.id, actor.id);
    },

    async mine(actor: Actor, listingId: string): Promise<MyListingOfferDto> {
      await visibleListing(db, listingId, actor);
      await sweep({ kind: 'listing-buyer', productId: listingId, buyerId: actor.id });
      const row = await repository.mine(listingId, actor.id);
      return { offer: row ? presentOffer(row, actor.id) : null };
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
      const notifications = await db.transaction(async (tx) => {
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
        const offer = notified(row);
        const from = row.status as 'pending' | 'countered';
        let change: Parameters<OffersRepository['transition']>[3];
        let notification: NotificationInsert;
        switch (action) {
          case 'accept':
            change = { status: 'accepted' };
            notification = isSeller
              ? offerNotifications.acceptedBySeller(offer, row.amount)
              : offerNotifications.acceptedByBuyer(offer, actor.username, currentAmount(row));
            break;
          case 'reject':
            change = { status: 'rejected' };
            notification = isSeller
              ? offerNotifications.rejectedBySeller(offer, row.amount)
              : offerNotifications.rejectedByBuyer(offer, actor.username, currentAmount(row));
            break;
          case 'counter': {
            const body = readCounter!();
            change = {
              status: 'countered',
              counter_amount: body.amount,
              counter_note: body.note,
              renewExpiry: true,
            };
            notification = offerNotifications.countered(offer, actor.username, body.amount);
            break;
          }
          case 'cancel':
            change = { status: 'cancelled' };
            notification = offerNotifications.cancelled(offer, actor.username, currentAmount(row));
            break;
        }
        if (!(await repository.transition(tx, row.id, from, change))) {
          throw new ConflictError('CONFLICT', M.notOpen);
        }
        return insertNotifications(tx, [notification]);
      });
      await publishAll(notifications, [offerId]);
      return presentFresh(offerId, actor.id);
    },

    /**
     * Inside mark_product_as_sold's transaction: the buyer's own open offer is accepted, every
     * other open offer is rejected and its buyer told (OFFER_REJECTED, is_seller false).
     */
    async settleForSale(tx: Executor, listingId: string, buyerId: string | null): Promise<OfferSideEffects> {
      const { accepted, rejected } = await repository.settleForSale(tx, listingId, buyerId);
      const notifications = await insertNotifications(
        tx,
        rejected.map((offer) =>
          offerNotifications.soldToAnother(notifiedSettled(offer), currentAmount(offer)),
        ),
      );
      // Accepted offers change too: with the listing sold, the seller's mark-sold action is gone.
      const ids = [
        ...new Set([
          ...(await repository.acceptedIds(tx, listingId)),
          ...[...accepted, ...rejected].map((o) => o.id),
        ]),
      ];
      return { notifications, publish: () => publishOffers(ids) };
    },
  };
}

export type OffersService = ReturnType<typeof createOffersService>;
