import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { profiles } from './profiles.schema.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What anyone may see in the marketplace (spec 000 §4): not deleted, visible, moderation
 * active or pending, not sold. The list queries repeat this text literally (no parameters) so
 * that the planner matches the partial indexes below.
 */
export const PUBLIC_LISTING_PREDICATE = sql.raw(
  `"products"."deleted" = false AND "products"."visible_in_marketplace" = true AND "products"."moderation_status" IN ('active', 'pending') AND "products"."sold" = false`,
);
/** Sold listings that may still be shown (Recently sold, `sold=true`). */
export const SOLD_LISTING_PREDICATE = sql.raw(
  `"products"."deleted" = false AND "products"."sold" = true AND "products"."moderation_status" IN ('active', 'pending')`,
);

/** The same predicates without the table prefix, as index predicates. */
const publicIndexPredicate: SQL = sql.raw(
  `deleted = false AND visible_in_marketplace = true AND moderation_status IN ('active', 'pending') AND sold = false`,
);
const soldIndexPredicate: SQL = sql.raw(
  `deleted = false AND sold = true AND moderation_status IN ('active', 'pending')`,
);

/** A listing (the spec's Product). Column names are the spec's. */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    condition: text('condition').notNull().default('new'),
    category: text('category').notNull(),
    gear_types: text('gear_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    seller_id: uuid('seller_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    location: text('location').notNull(),
    location_lat: doublePrecision('location_lat'),
    location_lng: doublePrecision('location_lng'),
    brand: text('brand'),
    model: text('model'),
    features: jsonb('features').$type<string[]>(),
    /**
     * Species and technique tags (slugs of the shared TAGS list, at most TAGS_PER_ITEM_MAX). A
     * text[] in the row with a GIN index, not a join table: a filter on "all of these tags" is one
     * `tags @> $1` test served by products_tags_idx within the same statement as every other
     * filter, a listing's tags come with its row (no extra read per card), and the list is tiny
     * and fixed, so there is nothing to normalise.
     */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    specs: jsonb('specs').$type<Record<string, string | number | boolean>>(),
    rod_brand: text('rod_brand'),
    rod_composition: text('rod_composition'),
    rod_length_feet: smallint('rod_length_feet'),
    rod_length_inches: smallint('rod_length_inches'),
    rod_power_rating: text('rod_power_rating'),
    reel_brand: text('reel_brand'),
    reel_type: text('reel_type'),
    reel_gear_ratio: text('reel_gear_ratio'),
    // Terms: how the gear changes hands, shipping, offers and returns.
    handover: text('handover').notNull().default('pickup'),
    shipping_price: numeric('shipping_price', { precision: 12, scale: 2, mode: 'number' }),
    ships_from: text('ships_from'),
    handling_days: integer('handling_days'),
    accepts_offers: boolean('accepts_offers').notNull().default(true),
    /** The seller's guardrails, never shown to buyers: offers below this are declined at once. */
    auto_decline_below: numeric('auto_decline_below', { precision: 12, scale: 2, mode: 'number' }),
    /** Offers at or above this are accepted at once (and become an order). */
    auto_accept_at: numeric('auto_accept_at', { precision: 12, scale: 2, mode: 'number' }),
    returns_accepted: boolean('returns_accepted').notNull().default(false),
    return_window_days: integer('return_window_days'),
    sold: boolean('sold').notNull().default(false),
    sold_at: timestamp('sold_at', { withTimezone: true }),
    buyer_id: uuid('buyer_id').references(() => profiles.id, { onDelete: 'set null' }),
    transaction_rating: smallint('transaction_rating'),
    deleted: boolean('deleted').notNull().default(false),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    visible_in_marketplace: boolean('visible_in_marketplace').notNull().default(true),
    moderation_status: text('moderation_status').notNull().default('pending'),
    moderation_reason: text('moderation_reason'),
    moderated_at: timestamp('moderated_at', { withTimezone: true }),
    moderated_by: uuid('moderated_by').references(() => profiles.id, { onDelete: 'set null' }),
    is_featured: boolean('is_featured').notNull().default(false),
    likes_count: integer('likes_count').notNull().default(0),
    favorites_count: integer('favorites_count').notNull().default(0),
    /** Rows of listing_views: distinct readers a day, the seller not counted (decision 0015). */
    views_count: integer('views_count').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Full-text document: title A, brand and model (and rod/reel brand) B, description C. */
    search_vector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(brand, '') || ' ' || coalesce(model, '') || ' ' || coalesce(rod_brand, '') || ' ' || coalesce(reel_brand, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')`,
      ),
  },
  (table) => [
    check('products_price_check', sql`${table.price} > 0`),
    check(
      'products_moderation_status_check',
      sql`${table.moderation_status} in ('pending', 'active', 'hidden', 'flagged')`,
    ),
    check('products_condition_check', sql`${table.condition} in ('new', 'like new', 'good', 'fair', 'poor')`),
    check(
      'products_category_check',
      sql`${table.category} in ('rods', 'reels', 'combo', 'tackle', 'accessories')`,
    ),
    check(
      'products_transaction_rating_check',
      sql`${table.transaction_rating} is null or ${table.transaction_rating} between 1 and 5`,
    ),
    check(
      'products_coordinates_check',
      sql`(${table.location_lat} is null) = (${table.location_lng} is null)`,
    ),
    check('products_handover_check', sql`${table.handover} in ('pickup', 'shipping', 'both')`),
    check(
      'products_shipping_price_check',
      sql`${table.shipping_price} is null or ${table.shipping_price} >= 0`,
    ),
    // Shipping details only when it ships; a listing that ships has a shipping price.
    check(
      'products_shipping_terms_check',
      sql`case when ${table.handover} = 'pickup' then ${table.shipping_price} is null and ${table.ships_from} is null and ${table.handling_days} is null else ${table.shipping_price} is not null end`,
    ),
    // Public list orders: newest/oldest and price, only over what the public may see.
    index('products_public_created_at_idx').on(table.created_at.desc(), table.id).where(publicIndexPredicate),
    index('products_public_price_idx').on(table.price, table.id).where(publicIndexPredicate),
    index('products_public_category_created_at_idx')
      .on(table.category, table.created_at.desc(), table.id)
      .where(publicIndexPredicate),
    index('products_public_featured_idx')
      .on(table.created_at.desc())
      .where(sql`is_featured = true AND ${publicIndexPredicate}`),
    index('products_sold_at_idx').on(table.sold_at.desc(), table.id).where(soldIndexPredicate),
    // The price guide: sold listings with a brand, by brand (case and outer spaces aside), then
    // its model or its category (migration 0016_price_guide_index). Listings without a brand stay
    // out of it, so that counts of sold listings keep to products_sold_at_idx.
    index('products_sold_brand_model_idx')
      .on(sql`lower(btrim(${table.brand}))`, sql`lower(btrim(${table.model}))`, table.category)
      .where(sql`${soldIndexPredicate} AND brand IS NOT NULL`),
    index('products_seller_created_at_idx').on(table.seller_id, table.created_at.desc(), table.id),
    index('products_buyer_idx')
      .on(table.buyer_id)
      .where(sql`buyer_id is not null`),
    // Not declared here, so drizzle-kit leaves them alone: products_public_category_price_idx (a
    // covering index drizzle cannot express) and the listing_public_counts table with its
    // triggers, both in migration 0007_listing_search_speed, and the listing_words vocabulary
    // with its triggers (0008_listing_words), products_public_location_idx (a covering
    // B-tree for radius searches, 0009_listing_location_index) and
    // products_public_category_location_idx (the same by category,
    // 0028_listing_category_location_index). Declaring them here would make the next generated
    // migration create them a second time.
    index('products_gear_types_idx').using('gin', table.gear_types),
    index('products_tags_idx').using('gin', table.tags),
    index('products_search_vector_idx').using('gin', table.search_vector),
    // Radius search: earth_box(...) @> ll_to_earth(location_lat, location_lng) (earthdistance).
    index('products_location_earth_idx')
      .using('gist', sql`ll_to_earth(${table.location_lat}, ${table.location_lng})`)
      .where(sql`location_lat is not null and location_lng is not null`),
  ],
);

/** A member's like or favourite of a listing: one row per pair, newest first per member. */
function listingReactionTable<Name extends 'product_likes' | 'product_favorites'>(name: Name) {
  return pgTable(
    name,
    {
      product_id: uuid('product_id')
        .notNull()
        .references(() => products.id, { onDelete: 'cascade' }),
      user_id: uuid('user_id')
        .notNull()
        .references(() => profiles.id, { onDelete: 'cascade' }),
      created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
      primaryKey({ columns: [table.product_id, table.user_id] }),
      index(`${name}_user_idx`).on(table.user_id, table.created_at.desc()),
    ],
  );
}

export const productLikes = listingReactionTable('product_likes');
export const productFavorites = listingReactionTable('product_favorites');

/** A member's notifications (spec 001 §3), written by the service whose event they describe. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    read: boolean('read').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_created_at_idx').on(table.user_id, table.created_at.desc()),
    index('notifications_user_unread_idx')
      .on(table.user_id, table.type)
      .where(sql`read = false`),
  ],
);
