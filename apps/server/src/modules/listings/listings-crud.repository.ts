import { and, eq, sql } from 'drizzle-orm';
import type { ListingFields } from '@castline/shared';
import type { Database, Transaction } from '../../db/client.js';
import type { AfterCommit } from '../../platform/events/domain-events.js';
import { listingResourceColumns } from '../../db/listing-resource-columns.js';
import { AWAITING_APPROVAL_REASON } from '../../db/moderation-reasons.js';
import { products, profiles } from '../../db/schema/index.js';
import { readSiteSettings } from '../admin/index.js';
import { writeAudit, type AuditEntry } from '../audit/index.js';
import { selectListings, type GeoPoint, type Viewer } from './listings-rows.js';

/** The fields a service decision needs (visibility, ownership, sale state). */
export interface ListingState {
  id: string;
  title: string;
  seller_id: string;
  deleted: boolean;
  moderation_status: string;
  visible_in_marketplace: boolean;
  sold: boolean;
  buyer_id: string | null;
  transaction_rating: number | null;
  accepts_offers: boolean;
  location: string;
  location_lat: number | null;
  location_lng: number | null;
}

/**
 * Work run inside a listing's create or edit transaction, after the listing row changed (the
 * listing's events); it returns what to run once the transaction has committed.
 */
export type ListingTransactionHook = (tx: Transaction, listingId: string) => Promise<AfterCommit>;

export const NO_SIDE_EFFECTS: ListingTransactionHook = async () => async () => {};

function columnsOf(fields: ListingFields, coordinates: GeoPoint | null) {
  return {
    title: fields.title,
    description: fields.description,
    price: fields.price,
    condition: fields.condition,
    category: fields.category,
    gear_types: fields.gear_types,
    images: fields.images,
    location: fields.location,
    location_lat: coordinates?.lat ?? null,
    location_lng: coordinates?.lng ?? null,
    brand: fields.brand,
    model: fields.model,
    rod_brand: fields.rod_brand,
    rod_composition: fields.rod_composition,
    rod_length_feet: fields.rod_length_feet,
    rod_length_inches: fields.rod_length_inches,
    rod_power_rating: fields.rod_power_rating,
    reel_brand: fields.reel_brand,
    reel_type: fields.reel_type,
    reel_gear_ratio: fields.reel_gear_ratio,
    handover: fields.handover,
    shipping_price: fields.shipping_price,
    ships_from: fields.ships_from,
    handling_days: fields.handling_days,
    accepts_offers: fields.accepts_offers,
    returns_accepted: fields.returns_accepted,
    return_window_days: fields.return_window_days,
    auto_decline_below: fields.auto_decline_below,
    auto_accept_at: fields.auto_accept_at,
    // Tags are written only when the client sent them: an edit without them keeps the listing's.
    ...(fields.tags !== undefined ? { tags: fields.tags } : {}),
  };
}

/** A listing's own row: read one, create, edit (its fields and photos), soft delete. */
export function createListingsCrudRepository(db: Database) {
  /*
   * A listing by id, the hottest fixed-shape read, as a prepared statement: on PostgreSQL each
   * pooled connection parses and plans it once (named statements), then only binds the values. A
   * guest's and a member's versions differ in their columns (the member's likes and favourites).
   */
  const listingById = (viewer: Viewer) =>
    selectListings(db, viewer)
      .where(eq(products.id, sql.placeholder('id')))
      .limit(1);
  const byId = {
    guest: listingById(null).prepare('listing_by_id_guest'),
    member: listingById(sql.placeholder('viewer')).prepare('listing_by_id_member'),
  };

  return {
    async findById(id: string, viewerId: string | null) {
      const [row] = await (viewerId
        ? byId.member.execute({ id, viewer: viewerId })
        : byId.guest.execute({ id }));
      return row ?? null;
    },

    async findState(id: string): Promise<ListingState | null> {
      const [row] = await db
        .select({
          id: products.id,
          title: products.title,
          ...listingResourceColumns,
          location: products.location,
          location_lat: products.location_lat,
          location_lng: products.location_lng,
        })
        .from(products)
        .where(eq(products.id, id))
        .limit(1);
      return row ?? null;
    },

    async profileExists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, id)).limit(1);
      return Boolean(row);
    },

    /**
     * Inserts a pending, unsold listing (kept out of public view while the site's settings make
     * new listings wait for approval) and counts it on the seller's profile, in one
     * transaction; `within` runs in that transaction once the row exists.
     */
    async create(
      sellerId: string,
      fields: ListingFields,
      coordinates: GeoPoint | null,
      within: ListingTransactionHook = NO_SIDE_EFFECTS,
    ): Promise<{ id: string; published: AfterCommit }> {
      return db.transaction(async (tx) => {
        // With "listings need approval" on, a new listing stays out of public view until approved.
        const { listings_require_approval: awaitsApproval } = await readSiteSettings(tx);
        const [row] = await tx
          .insert(products)
          .values({
            ...columnsOf(fields, coordinates),
            seller_id: sellerId,
            moderation_status: 'pending',
            sold: false,
            ...(awaitsApproval
              ? { visible_in_marketplace: false, moderation_reason: AWAITING_APPROVAL_REASON }
              : {}),
          })
          .returning({ id: products.id });
        if (!row) throw new Error('listing insert returned nothing');
        await tx
          .update(profiles)
          .set({ products_count: sql`${profiles.products_count} + 1` })
          .where(eq(profiles.id, sellerId));
        return { id: row.id, published: await within(tx, row.id) };
      });
    },

    /**
     * Replaces the form's fields; moderation and sale fields stay as they are. `within` runs in
     * the same transaction once the row changed. Null when there was no such listing.
     */
    async update(
      id: string,
      fields: ListingFields,
      coordinates: GeoPoint | null,
      within: ListingTransactionHook = NO_SIDE_EFFECTS,
    ): Promise<AfterCommit | null> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(products)
          .set({ ...columnsOf(fields, coordinates), updated_at: sql`now()` })
          .where(and(eq(products.id, id), eq(products.deleted, false)))
          .returning({ id: products.id });
        if (rows.length === 0) return null;
        return within(tx, id);
      });
    },

    /** Soft delete: hidden from everyone and no longer counted on the seller's profile. */
    async softDelete(id: string, audit?: AuditEntry): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(products)
          .set({
            deleted: true,
            deleted_at: sql`now()`,
            visible_in_marketplace: false,
            updated_at: sql`now()`,
          })
          .where(and(eq(products.id, id), eq(products.deleted, false)))
          .returning({ seller_id: products.seller_id });
        if (!row) return false;
        if (audit) await writeAudit(tx, audit);
        await tx
          .update(profiles)
          .set({ products_count: sql`greatest(${profiles.products_count} - 1, 0)` })
          .where(eq(profiles.id, row.seller_id));
        return true;
      });
    },
  };
}
