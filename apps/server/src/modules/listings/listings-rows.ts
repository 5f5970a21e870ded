import { eq, sql, type Placeholder } from 'drizzle-orm';
import { timestampText, type Database } from '../../db/client.js';
import { orders, productFavorites, productLikes, products, profiles } from '../../db/schema/index.js';
import { distanceMiles, type PointSql } from './listing-criteria-sql.js';

/** What the listings repository's parts read and write through: the database or a transaction. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** The viewer whose likes and favourites a row shows: an id, a prepared statement's placeholder, or nobody. */
export type Viewer = string | Placeholder<'viewer'> | null;

/** A listing row's columns: the listing, its seller, the viewer's like and favourite, the distance. */
export function listingColumns(viewerId: Viewer, point: PointSql | null) {
  return {
    id: products.id,
    title: products.title,
    description: products.description,
    price: products.price,
    condition: products.condition,
    category: products.category,
    gear_types: products.gear_types,
    tags: products.tags,
    images: products.images,
    seller_id: products.seller_id,
    location: products.location,
    location_lat: products.location_lat,
    location_lng: products.location_lng,
    brand: products.brand,
    model: products.model,
    rod_brand: products.rod_brand,
    rod_composition: products.rod_composition,
    rod_length_feet: products.rod_length_feet,
    rod_length_inches: products.rod_length_inches,
    rod_power_rating: products.rod_power_rating,
    reel_brand: products.reel_brand,
    reel_type: products.reel_type,
    reel_gear_ratio: products.reel_gear_ratio,
    handover: products.handover,
    shipping_price: products.shipping_price,
    ships_from: products.ships_from,
    handling_days: products.handling_days,
    accepts_offers: products.accepts_offers,
    auto_decline_below: products.auto_decline_below,
    auto_accept_at: products.auto_accept_at,
    returns_accepted: products.returns_accepted,
    return_window_days: products.return_window_days,
    sold: products.sold,
    sold_at: products.sold_at,
    /** Sold into an order still in progress (asked only of sold rows; the live-order index answers). */
    sale_pending: sql<boolean>`(${products.sold} and exists (select 1 from ${orders} where ${orders.product_id} = ${products.id} and ${orders.state} in ('awaiting_payment', 'paid', 'shipped', 'received')))`,
    buyer_id: products.buyer_id,
    transaction_rating: products.transaction_rating,
    deleted: products.deleted,
    visible_in_marketplace: products.visible_in_marketplace,
    moderation_status: products.moderation_status,
    is_featured: products.is_featured,
    likes_count: products.likes_count,
    favorites_count: products.favorites_count,
    views_count: products.views_count,
    created_at: products.created_at,
    updated_at: products.updated_at,
    seller_username: profiles.username,
    seller_avatar_url: profiles.avatar_url,
    seller_rating: profiles.seller_rating,
    seller_sales_count: profiles.sales_count,
    seller_created_at: profiles.created_at,
    liked: viewerId
      ? sql<boolean>`exists (select 1 from ${productLikes} where ${productLikes.product_id} = ${products.id} and ${productLikes.user_id} = ${viewerId})`
      : sql<boolean>`false`,
    favorited: viewerId
      ? sql<boolean>`exists (select 1 from ${productFavorites} where ${productFavorites.product_id} = ${products.id} and ${productFavorites.user_id} = ${viewerId})`
      : sql<boolean>`false`,
    distance: distanceMiles(point).mapWith(Number),
  };
}

/** Listing rows with their seller; a listing whose seller profile is missing is skipped (spec 000 §8). */
export function selectListings(executor: Executor, viewerId: Viewer, point: GeoPoint | null = null) {
  return executor
    .select(listingColumns(viewerId, point))
    .from(products)
    .innerJoin(profiles, eq(profiles.id, products.seller_id));
}

/** A text[] literal built from bound parameters. */
export function textArray(values: readonly string[]) {
  if (values.length === 0) return sql`'{}'::text[]`;
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** A listing row as the list and detail reads return it. */
export type ListingRow = Awaited<ReturnType<typeof selectListings>>[number];

// ---------------------------------------------------------------------------------------------
// Rows of a compiled search.

const asNumberOrNull = (value: unknown): number | null => (value === null ? null : Number(value));

/** The index of each listing column in a compiled search's rows (arrays in select order). */
const at = Object.fromEntries(
  Object.keys(listingColumns(null, null)).map((name, index) => [name, index]),
) as Record<keyof ReturnType<typeof listingColumns>, number>;
/** The page query's last column: the total. */
export const TOTAL_AT = Object.keys(at).length;

/**
 * A listing of a compiled search: a `ListingRow` whose timestamps are ISO text already (they
 * only go out as JSON; making a `Date` of each and writing it back was a tenth of a search's CPU).
 */
export type SearchListingRow = Omit<
  ListingRow,
  'created_at' | 'updated_at' | 'sold_at' | 'seller_created_at'
> & {
  created_at: string;
  updated_at: string;
  sold_at: string | null;
  seller_created_at: string;
};

/**
 * A row of a compiled search as the query builder would map it, numerics as numbers, but
 * timestamps as ISO text (the rows are read with `timestampsAsText`).
 */
export function searchRow(v: unknown[]): SearchListingRow {
  return {
    id: v[at.id] as string,
    title: v[at.title] as string,
    description: v[at.description] as string,
    price: Number(v[at.price]),
    condition: v[at.condition] as string,
    category: v[at.category] as string,
    gear_types: v[at.gear_types] as string[],
    tags: v[at.tags] as string[],
    images: v[at.images] as string[],
    seller_id: v[at.seller_id] as string,
    location: v[at.location] as string,
    location_lat: asNumberOrNull(v[at.location_lat]),
    location_lng: asNumberOrNull(v[at.location_lng]),
    brand: v[at.brand] as string | null,
    model: v[at.model] as string | null,
    rod_brand: v[at.rod_brand] as string | null,
    rod_composition: v[at.rod_composition] as string | null,
    rod_length_feet: v[at.rod_length_feet] as number | null,
    rod_length_inches: v[at.rod_length_inches] as number | null,
    rod_power_rating: v[at.rod_power_rating] as string | null,
    reel_brand: v[at.reel_brand] as string | null,
    reel_type: v[at.reel_type] as string | null,
    reel_gear_ratio: v[at.reel_gear_ratio] as string | null,
    handover: v[at.handover] as string,
    shipping_price: asNumberOrNull(v[at.shipping_price]),
    ships_from: v[at.ships_from] as string | null,
    handling_days: v[at.handling_days] as number | null,
    accepts_offers: v[at.accepts_offers] as boolean,
    auto_decline_below: asNumberOrNull(v[at.auto_decline_below]),
    auto_accept_at: asNumberOrNull(v[at.auto_accept_at]),
    returns_accepted: v[at.returns_accepted] as boolean,
    return_window_days: v[at.return_window_days] as number | null,
    sold: v[at.sold] as boolean,
    sale_pending: v[at.sale_pending] as boolean,
    sold_at: v[at.sold_at] === null ? null : timestampText(v[at.sold_at]),
    buyer_id: v[at.buyer_id] as string | null,
    transaction_rating: v[at.transaction_rating] as number | null,
    deleted: v[at.deleted] as boolean,
    visible_in_marketplace: v[at.visible_in_marketplace] as boolean,
    moderation_status: v[at.moderation_status] as string,
    is_featured: v[at.is_featured] as boolean,
    likes_count: v[at.likes_count] as number,
    favorites_count: v[at.favorites_count] as number,
    views_count: v[at.views_count] as number,
    created_at: timestampText(v[at.created_at]),
    updated_at: timestampText(v[at.updated_at]),
    seller_username: v[at.seller_username] as string,
    seller_avatar_url: v[at.seller_avatar_url] as string | null,
    seller_rating: Number(v[at.seller_rating]),
    seller_sales_count: v[at.seller_sales_count] as number,
    seller_created_at: timestampText(v[at.seller_created_at]),
    liked: Boolean(v[at.liked]),
    favorited: Boolean(v[at.favorited]),
    // Null without a point or coordinates, as the query builder maps it (its type says number).
    distance: asNumberOrNull(v[at.distance]) as number,
  };
}
