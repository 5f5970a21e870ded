import type { FastifyBaseLogger } from 'fastify';
import type {
  BuyerCandidatesDto,
  Coordinates,
  HomeListingsDto,
  ListingDto,
  ListingFields,
  ListingListDto,
  ListingSearchCriteria,
  MarkSoldBody,
  RateTransactionBody,
  SimilarListingsDto,
  ToggleResultDto,
} from '@castline/shared';
import {
  canCreateListing,
  canManageListing,
  canMarkListingSold,
  canRateTransaction,
  canViewListing,
  HOME_ROW_SIZE,
  isListingOwner,
  LISTING_MESSAGES as M,
  LISTING_POLICY_MESSAGES,
  isBannedMember,
} from '@castline/shared';
import type { Actor } from '../../http/access-policy.js';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthenticatedError,
  ValidationError,
} from '../../http/errors.js';
import type { BodyReader } from '../../http/route-helpers.js';
import type { ListingWritten, ServerEvents } from '../../domain-events.js';
import type { GeoPoint, ListingsRepository, ListingState } from './listings.repository.js';
import { presentBuyerCandidates, presentListing } from './listings.presenter.js';
import { writeAudit, type AuditEntry } from '../audit/index.js';
import type { ReviewsService } from '../reviews/index.js';

export const SIMILAR_LISTINGS_LIMIT = 8;

/** Turns a place text into coordinates (the places provider); null when it knows no such place. */
export type Geocoder = (text: string) => Promise<Coordinates | null>;

/** A page of a list: its number (from 1) and size. */
export interface ListPage {
  page: number;
  pageSize: number;
}

export interface ListingsServiceDeps {
  repository: ListingsRepository;
  logger: FastifyBaseLogger;
  geocode?: Geocoder | undefined;
  /** Where the service says what happened (`listing.created`, `listing.updated`, `listing.sold`). */
  events: ServerEvents;
  /** The reviews module: a sale's rating is the buyer's review of its order (one place ratings come from). */
  reviews?: Pick<ReviewsService, 'rateSale' | 'buyerRatingOf'> | undefined;
}

/** What a listing's events carry. */
function listingWritten(listingId: string, fields: ListingFields): ListingWritten {
  return { listingId, title: fields.title, description: fields.description ?? null };
}

/** The audit entry of staff changing someone else's listing; none when sellers manage their own. */
function staffAudit(
  actor: Actor,
  state: ListingState,
  action: string,
  severity: AuditEntry['severity'],
  oldData: Record<string, unknown>,
): AuditEntry | undefined {
  if (actor.id === state.seller_id) return undefined;
  return { actorId: actor.id, action, entityType: 'product', entityId: state.id, severity, oldData };
}

export function createListingsService({ repository, logger, geocode, events, reviews }: ListingsServiceDeps) {
  async function coordinatesFor(fields: ListingFields, previous?: ListingState): Promise<GeoPoint | null> {
    if (fields.location_coordinates) return fields.location_coordinates;
    // An edit that keeps the place text keeps its coordinates.
    if (
      previous?.location === fields.location &&
      previous.location_lat !== null &&
      previous.location_lng !== null
    ) {
      return { lat: previous.location_lat, lng: previous.location_lng };
    }
    if (!geocode) return null;
    try {
      return await geocode(fields.location);
    } catch (error) {
      // A listing is still worth saving without coordinates; it just stays out of radius searches.
      logger.warn({ err: error }, 'geocoding a listing location failed');
      return null;
    }
  }

  /** The listing when the caller may see it; otherwise 404 Product not found (also for deleted ones). */
  async function visibleState(id: string, actor: Actor | null): Promise<ListingState> {
    const state = await repository.findState(id);
    if (!state || !canViewListing(actor, state)) throw new NotFoundError(M.productNotFound);
    return state;
  }

  /**
   * The sale's rating shows to everyone once the buyer's review is visible (both sides reviewed, or
   * the window closed); until then its buyer alone sees the rating they gave.
   */
  async function withOwnRating(listing: ListingDto, viewer: Actor | null): Promise<ListingDto> {
    if (!reviews || !viewer || !listing.sold || listing.transaction_rating !== null) return listing;
    if (listing.buyer_id !== viewer.id) return listing;
    const rating = await reviews.buyerRatingOf(listing.id, viewer.id);
    return rating === null ? listing : { ...listing, transaction_rating: rating };
  }

  /** The listing as `viewer` sees it now (their like and favourite, and the buyer if they may). */
  async function present(id: string, viewer: Actor): Promise<ListingDto> {
    const row = await repository.findById(id, viewer.id);
    if (!row) throw new NotFoundError(M.productNotFound);
    return withOwnRating(presentListing(row, viewer), viewer);
  }

  function assertNotBanned(actor: Actor): void {
    if (isBannedMember(actor)) throw new ForbiddenError(LISTING_POLICY_MESSAGES.banned);
  }

  return {
    async list(
      criteria: ListingSearchCriteria,
      list: ListPage,
      viewer: Actor | null,
    ): Promise<ListingListDto> {
      const { page, pageSize } = list;
      const { rows, total, totalCapped } = await repository.search(criteria, {
        viewerId: viewer?.id ?? null,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return {
        items: rows.map((row) => presentListing(row, viewer)),
        total,
        totalCapped,
        page,
        pageSize,
      };
    },

    async home(viewer: Actor | null): Promise<HomeListingsDto> {
      const viewerId = viewer?.id ?? null;
      // The three rows are independent reads: on PostgreSQL they run side by side.
      const [{ featured, newest }, sold] = await Promise.all([
        repository.home(viewerId, HOME_ROW_SIZE),
        repository.recentlySold(viewerId, HOME_ROW_SIZE).catch((error: unknown) => {
          // Spec 000 §8: "Recently sold returns an empty list on error."
          logger.error({ err: error }, 'recently sold listings failed');
          return [];
        }),
      ]);
      return {
        featured: featured.map((row) => presentListing(row, viewer)),
        newest: newest.map((row) => presentListing(row, viewer)),
        recentlySold: sold.map((row) => presentListing(row, viewer)),
      };
    },

    async detail(id: string, actor: Actor | null): Promise<ListingDto> {
      const row = await repository.findById(id, actor?.id ?? null);
      if (!row || !canViewListing(actor, row)) throw new NotFoundError(M.productNotFound);
      return withOwnRating(presentListing(row, actor), actor);
    },

    async similar(id: string, actor: Actor | null): Promise<SimilarListingsDto> {
      const source = await repository.findById(id, null);
      if (!source || !canViewListing(actor, source)) throw new NotFoundError(M.productNotFound);
      const rows = await repository.similar(source, actor?.id ?? null, SIMILAR_LISTINGS_LIMIT);
      return { items: rows.map((row) => presentListing(row, actor)) };
    },

    async create(actor: Actor | null, readBody: BodyReader<ListingFields>): Promise<ListingDto> {
      if (!actor) throw new UnauthenticatedError(M.mustBeLoggedIn);
      if (!canCreateListing(actor)) throw new ForbiddenError(LISTING_POLICY_MESSAGES.banned);
      const fields = readBody();
      const { id, published } = await repository.create(
        actor.id,
        fields,
        await coordinatesFor(fields),
        (tx, listingId) => events.inTransaction(tx, 'listing.created', listingWritten(listingId, fields)),
      );
      await events.committed('listing.created', listingWritten(id, fields));
      await published();
      return present(id, actor);
    },

    async update(id: string, actor: Actor, readBody: BodyReader<ListingFields>): Promise<ListingDto> {
      const state = await visibleState(id, actor);
      assertNotBanned(actor);
      if (!canManageListing(actor, state)) throw new ForbiddenError(M.notYourListing);
      const fields = readBody();
      const audit = staffAudit(actor, state, 'listing.edit', 'low', { title: state.title });
      const published = await repository.update(
        id,
        fields,
        await coordinatesFor(fields, state),
        async (tx, listingId) => {
          if (audit) await writeAudit(tx, { ...audit, newData: { title: fields.title } });
          return events.inTransaction(tx, 'listing.updated', listingWritten(listingId, fields));
        },
      );
      if (!published) throw new NotFoundError(M.productNotFound);
      await events.committed('listing.updated', listingWritten(id, fields));
      await published();
      return present(id, actor);
    },

    async remove(id: string, actor: Actor): Promise<void> {
      const state = await visibleState(id, actor);
      assertNotBanned(actor);
      if (!canManageListing(actor, state)) throw new ForbiddenError(M.notYourListing);
      const audit = staffAudit(actor, state, 'listing.delete', 'high', { title: state.title });
      if (!(await repository.softDelete(id, audit))) throw new NotFoundError(M.productNotFound);
    },

    async markSold(id: string, actor: Actor, readBody: BodyReader<MarkSoldBody>): Promise<ListingDto> {
      const state = await visibleState(id, actor);
      if (!isListingOwner(actor, state)) throw new ForbiddenError(M.notYourListing);
      assertNotBanned(actor);
      if (state.sold) throw new ConflictError('CONFLICT', M.alreadySold);
      if (!canMarkListingSold(actor, state))
        throw new ConflictError('CONFLICT', M.awaitingApprovalCannotSell);
      const { buyer_id: buyerId } = readBody();
      if (buyerId === state.seller_id) {
        throw new ValidationError(M.cannotBuyOwn, [{ path: 'buyer_id', message: M.cannotBuyOwn }]);
      }
      if (buyerId !== null && !(await repository.profileExists(buyerId))) {
        throw new ValidationError(M.buyerNotFound, [{ path: 'buyer_id', message: M.buyerNotFound }]);
      }
      const published = await repository.markSold(id, buyerId, (tx, sold) =>
        events.inTransaction(tx, 'listing.sold', { ...sold, buyerId }),
      );
      if (!published) throw new ConflictError('CONFLICT', M.alreadySold);
      await published();
      return present(id, actor);
    },

    async buyerCandidates(id: string, actor: Actor): Promise<BuyerCandidatesDto> {
      const state = await visibleState(id, actor);
      if (!isListingOwner(actor, state)) throw new ForbiddenError(M.notYourListing);
      return presentBuyerCandidates(await repository.buyerCandidates(id, state.seller_id));
    },

    async rate(id: string, actor: Actor, readBody: BodyReader<RateTransactionBody>): Promise<ListingDto> {
      const state = await visibleState(id, actor);
      if (!state.sold) throw new ConflictError('CONFLICT', M.notSold);
      if (state.buyer_id !== actor.id) throw new ForbiddenError(M.ratingNotAllowed);
      assertNotBanned(actor);
      if (!canRateTransaction(actor, state)) throw new ConflictError('CONFLICT', M.alreadyRated);
      if (!reviews) throw new Error('listings: the reviews module is not wired');
      // The buyer's review of the sale's order, a rating without words, under the review rules.
      await reviews.rateSale(actor, id, () => readBody().rating, M.alreadyRated);
      return present(id, actor);
    },

    async toggle(kind: 'like' | 'favorite', id: string, actor: Actor): Promise<ToggleResultDto> {
      await visibleState(id, actor);
      assertNotBanned(actor);
      return repository.toggle(kind, id, actor.id);
    },

    async favorites(viewer: Actor, page: number, pageSize: number): Promise<ListingListDto> {
      const { rows, total } = await repository.favorites(viewer.id, pageSize, (page - 1) * pageSize);
      return { items: rows.map((row) => presentListing(row, viewer)), total, page, pageSize };
    },
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
