import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { OFFER_EXPIRY_MS, OPEN_OFFER_STATUSES, type OfferStatus } from '@castline/shared';
import { violatesUniqueIndex } from '../../db/unique-violation.js';
import type { Database, Executor } from '../../db/client.js';
import { listingResourceColumns } from '../../db/listing-resource-columns.js';
import { offers, products, profiles } from '../../db/schema/index.js';

const buyer = alias(profiles, 'buyer');
const seller = alias(profiles, 'seller');

/** The partial unique index that keeps one open offer per buyer and listing. */
export const OPEN_OFFER_INDEX = 'offers_one_open_per_buyer_idx';

const OPEN = sql.raw(`"offers"."status" in ('pending', 'countered')`);
const EXPIRY_INTERVAL = sql.raw(`interval '${OFFER_EXPIRY_MS / 1000} seconds'`);

/** True when `error` (or its cause) is the open-offer unique index refusing a second open offer. */
export function isOpenOfferConflict(error: unknown): boolean {
  return violatesUniqueIndex(error, OPEN_OFFER_INDEX);
}

/** An offer with its listing card and both members, as every answer and event shows it. */
const offerColumns = {
  id: offers.id,
  product_id: offers.product_id,
  buyer_id: offers.buyer_id,
  seller_id: offers.seller_id,
  amount: offers.amount,
  note: offers.note,
  counter_amount: offers.counter_amount,
  counter_note: offers.counter_note,
  status: offers.status,
  expires_at: offers.expires_at,
  responded_at: offers.responded_at,
  created_at: offers.created_at,
  updated_at: offers.updated_at,
  listing_title: products.title,
  listing_price: products.price,
  listing_images: products.images,
  listing_handover: products.handover,
  listing_shipping_price: products.shipping_price,
  listing_sold: products.sold,
  listing_buyer_id: products.buyer_id,
  listing_deleted: products.deleted,
  listing_visible: products.visible_in_marketplace,
  listing_moderation_status: products.moderation_status,
  buyer_username: buyer.username,
  buyer_full_name: buyer.full_name,
  buyer_avatar_url: buyer.avatar_url,
  seller_username: seller.username,
  seller_full_name: seller.full_name,
  seller_avatar_url: seller.avatar_url,
  order_id: sql<
    string | null
  >`(select o.id from orders o where o.offer_id = ${offers.id} and o.state <> 'cancelled' limit 1)`,
};

function selectOffers(executor: Executor) {
  return executor
    .select(offerColumns)
    .from(offers)
    .innerJoin(products, eq(products.id, offers.product_id))
    .innerJoin(buyer, eq(buyer.id, offers.buyer_id))
    .innerJoin(seller, eq(seller.id, offers.seller_id));
}

/** What the offer rules read of a listing. */
export interface OfferListingState {
  id: string;
  title: string;
  seller_id: string;
  sold: boolean;
  deleted: boolean;
  visible_in_marketplace: boolean;
  moderation_status: string;
  buyer_id: string | null;
  transaction_rating: number | null;
  accepts_offers: boolean;
  handover: string;
  /** The seller's guardrails: offers below are refused, offers at or above are accepted at once. */
  auto_decline_below: number | null;
  auto_accept_at: number | null;
}

/** An offer that just closed without either member acting (expired, or its listing sold). */
export interface SettledOffer {
  id: string;
  buyer_id: string;
  seller_id: string;
  product_id: string;
  amount: number;
  counter_amount: number | null;
  title: string;
}

const settledColumns = {
  id: offers.id,
  buyer_id: offers.buyer_id,
  seller_id: offers.seller_id,
  product_id: offers.product_id,
  amount: offers.amount,
  counter_amount: offers.counter_amount,
  title: products.title,
};

/** Which open offers an expiry sweep looks at. */
export type ExpiryScope =
  | { kind: 'all' }
  | { kind: 'member'; userId: string }
  | { kind: 'offer'; offerId: string }
  | { kind: 'listing-buyer'; listingId: string; buyerId: string };

function scopeCondition(scope: ExpiryScope): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'member':
      return sql`(${offers.buyer_id} = ${scope.userId} or ${offers.seller_id} = ${scope.userId})`;
    case 'offer':
      return sql`${offers.id} = ${scope.offerId}`;
    case 'listing-buyer':
      return sql`${offers.product_id} = ${scope.listingId} and ${offers.buyer_id} = ${scope.buyerId}`;
  }
}

export function createOffersRepository(db: Database) {
  return {
    db,

    /** The listing's state; `lock` holds it (FOR UPDATE) so that a sale waits for this transaction. */
    async listingState(executor: Executor, id: string, lock = false): Promise<OfferListingState | null> {
      const query = executor
        .select({
          id: products.id,
          title: products.title,
          handover: products.handover,
          auto_decline_below: products.auto_decline_below,
          auto_accept_at: products.auto_accept_at,
          ...listingResourceColumns,
        })
        .from(products)
        .where(eq(products.id, id))
        .limit(1);
      // FOR UPDATE, not SHARE: an offer at the auto-accept amount takes the listing into an order
      // in the same transaction, and two such offers must not both hold a share lock to upgrade.
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    /** Accepts a just-made offer at once (the seller's auto-accept amount was met). */
    async acceptAtOnce(executor: Executor, id: string): Promise<void> {
      await executor
        .update(offers)
        .set({ status: 'accepted', responded_at: sql`now()`, updated_at: sql`now()` })
        .where(eq(offers.id, id));
    },

    /**
     * Locks the listing an offer is on, before the offer itself: every write that touches both
     * (an answer that places an order, a sale that settles offers) takes the listing first.
     */
    async lockListingOfOffer(tx: Executor, offerId: string): Promise<void> {
      await tx
        .select({ id: products.id })
        .from(products)
        .innerJoin(offers, eq(offers.product_id, products.id))
        .where(eq(offers.id, offerId))
        .for('update', { of: products });
    },

    /** A new pending offer that expires 48 h from now; the open-offer index refuses a second one. */
    async insert(
      executor: Executor,
      values: {
        product_id: string;
        buyer_id: string;
        seller_id: string;
        amount: number;
        note: string | null;
        handover: 'shipping' | 'pickup' | null;
      },
    ): Promise<string> {
      const [row] = await executor
        .insert(offers)
        .values({ ...values, status: 'pending', expires_at: sql`now() + ${EXPIRY_INTERVAL}` })
        .returning({ id: offers.id });
      if (!row) throw new Error('offer insert returned nothing');
      return row.id;
    },

    async findById(executor: Executor, id: string) {
      const [row] = await selectOffers(executor).where(eq(offers.id, id)).limit(1);
      return row ?? null;
    },

    async findMany(executor: Executor, ids: string[]) {
      if (ids.length === 0) return [];
      return selectOffers(executor).where(inArray(offers.id, ids));
    },

    /** The listing's accepted offers (their actions change when the listing is sold). */
    async acceptedIds(executor: Executor, listingId: string): Promise<string[]> {
      const rows = await executor
        .select({ id: offers.id })
        .from(offers)
        .where(and(eq(offers.product_id, listingId), eq(offers.status, 'accepted')));
      return rows.map((row) => row.id);
    },

    /** The offer and its listing, locked for the rest of the transaction (one action at a time). */
    async lockForAction(executor: Executor, id: string) {
      const [row] = await selectOffers(executor)
        .where(eq(offers.id, id))
        .limit(1)
        .for('update', { of: offers });
      return row ?? null;
    },

    /** Moves an offer on from `from`, only while it is still that status and not yet due to expire. */
    async transition(
      executor: Executor,
      id: string,
      from: OfferStatus,
      change: {
        status: OfferStatus;
        counter_amount?: number;
        counter_note?: string | null;
        /** Restart the 48 hours (a counter). */
        renewExpiry?: boolean;
      },
    ): Promise<boolean> {
      const rows = await executor
        .update(offers)
        .set({
          status: change.status,
          ...(change.counter_amount !== undefined ? { counter_amount: change.counter_amount } : {}),
          ...(change.counter_note !== undefined ? { counter_note: change.counter_note } : {}),
          ...(change.renewExpiry ? { expires_at: sql`now() + ${EXPIRY_INTERVAL}` } : {}),
          responded_at: sql`now()`,
          updated_at: sql`now()`,
        })
        .where(and(eq(offers.id, id), eq(offers.status, from), sql`${offers.expires_at} > now()`))
        .returning({ id: offers.id });
      return rows.length > 0;
    },

    /** The caller's offers as buyer ('made') or seller ('received'), newest first. */
    async list(params: {
      userId: string;
      role: 'received' | 'made';
      open: boolean;
      limit: number;
      offset: number;
    }) {
      const where = and(
        params.role === 'received' ? eq(offers.seller_id, params.userId) : eq(offers.buyer_id, params.userId),
        params.open ? OPEN : undefined,
      );
      const [counted] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(offers)
        .where(where);
      const rows = await selectOffers(db)
        .where(where)
        .orderBy(desc(offers.created_at), desc(offers.id))
        .limit(params.limit)
        .offset(params.offset);
      return { rows, total: counted?.total ?? 0 };
    },

    /** The offers between two members, either way round, newest first (a conversation's cards). */
    async between(viewerId: string, otherId: string, limit: number) {
      return selectOffers(db)
        .where(
          or(
            and(eq(offers.buyer_id, viewerId), eq(offers.seller_id, otherId)),
            and(eq(offers.buyer_id, otherId), eq(offers.seller_id, viewerId)),
          ),
        )
        .orderBy(desc(offers.created_at), desc(offers.id))
        .limit(limit);
    },

    /** The buyer's open offer on a listing, else their latest accepted one. */
    async mine(listingId: string, buyerId: string) {
      const [row] = await selectOffers(db)
        .where(
          and(
            eq(offers.product_id, listingId),
            eq(offers.buyer_id, buyerId),
            inArray(offers.status, [...OPEN_OFFER_STATUSES, 'accepted']),
          ),
        )
        .orderBy(sql`case when ${OPEN} then 0 else 1 end`, desc(offers.updated_at))
        .limit(1);
      return row ?? null;
    },

    /**
     * Expires open offers whose 48 hours are over. Concurrent sweeps (another instance, a lazy
     * sweep) never expire one offer twice: the status test is re-checked on the locked row.
     */
    async expireDue(executor: Executor, scope: ExpiryScope): Promise<SettledOffer[]> {
      return executor
        .update(offers)
        .set({ status: 'expired', updated_at: sql`now()` })
        .from(products)
        .where(
          and(
            eq(products.id, offers.product_id),
            OPEN,
            sql`${offers.expires_at} <= now()`,
            scopeCondition(scope),
          ),
        )
        .returning(settledColumns);
    },

    /** Cancels every open offer a member made or received (their account is being deleted). */
    async cancelOpenOf(executor: Executor, memberId: string): Promise<SettledOffer[]> {
      return executor
        .update(offers)
        .set({ status: 'cancelled', responded_at: sql`now()`, updated_at: sql`now()` })
        .from(products)
        .where(
          and(
            eq(products.id, offers.product_id),
            OPEN,
            sql`(${offers.buyer_id} = ${memberId}::uuid or ${offers.seller_id} = ${memberId}::uuid)`,
          ),
        )
        .returning(settledColumns);
    },

    /**
     * The seller stopped taking offers on a listing: its open offers are rejected (in the edit's
     * transaction), when the listing indeed takes none now.
     */
    async rejectOpenWhereClosed(executor: Executor, listingId: string): Promise<SettledOffer[]> {
      return executor
        .update(offers)
        .set({ status: 'rejected', responded_at: sql`now()`, updated_at: sql`now()` })
        .from(products)
        .where(
          and(
            eq(products.id, offers.product_id),
            eq(offers.product_id, listingId),
            eq(products.accepts_offers, false),
            OPEN,
          ),
        )
        .returning(settledColumns);
    },

    /**
     * A listing was sold (mark_product_as_sold): the buyer's own open offer is accepted and every
     * other open offer on it is rejected. Runs inside the sale's transaction.
     */
    async settleForSale(
      executor: Executor,
      listingId: string,
      buyerId: string | null,
      buyersOwn: 'accepted' | 'cancelled' = 'accepted',
    ): Promise<{ accepted: SettledOffer[]; rejected: SettledOffer[] }> {
      const rows = await executor
        .update(offers)
        .set({
          status: buyerId
            ? sql`case when ${offers.buyer_id} = ${buyerId}::uuid then ${buyersOwn} else 'rejected' end`
            : 'rejected',
          responded_at: sql`now()`,
          updated_at: sql`now()`,
        })
        .from(products)
        .where(and(eq(products.id, offers.product_id), eq(offers.product_id, listingId), OPEN))
        .returning({ ...settledColumns, status: offers.status });
      return {
        accepted: rows.filter((row) => row.status !== 'rejected'),
        rejected: rows.filter((row) => row.status === 'rejected'),
      };
    },
  };
}

export type OffersRepository = ReturnType<typeof createOffersRepository>;
export type OfferRow = NonNullable<Awaited<ReturnType<OffersRepository['findById']>>>;
