import { sql } from 'drizzle-orm';
import type { Category } from '@castline/shared';
import type { Database } from '../db/client.js';
import { listingViews, productFavorites, productLikes, products } from '../db/schema/index.js';
import type { FileStorage } from '../platform/storage/file-storage.js';
import { demoTagsOf } from './demo-tags.js';
import { demoListingTerms } from './demo-terms.js';
import { gearPhotoWebp } from './gear-photo.js';
import { createRandom, demoListings, type DemoSeller } from './listing-catalog.js';

/** How many demo listings a fresh database gets. */
export const DEMO_LISTING_COUNT = 200;
const PHOTO_VARIANTS = 5;
const DAY_MS = 86_400_000;

/** Rows per insert of demo views (three parameters each). */
const VIEW_BATCH = 5000;
/** Readers of a demo listing look back at most this many days. */
const VIEW_DAYS = 14;

/**
 * Readers of each demo listing, as the view beacon would have counted them: one row per listing,
 * day and reader, on days from its listing (or the last two weeks) to its sale or today, about
 * 5–60 readers (featured listings two and a half times as many). Keys are random, as a reader's
 * daily HMAC is to anyone without the secret; the seller is never among them.
 */
function demoViews(
  listings: { id: string; created_at: Date; sold_at: Date | null; is_featured: boolean }[],
  random: () => number,
  now: number,
): { product_id: string; day: string; viewer_key: string }[] {
  const rows: { product_id: string; day: string; viewer_key: string }[] = [];
  for (const listing of listings) {
    const from = Math.max(listing.created_at.getTime(), now - VIEW_DAYS * DAY_MS);
    const to = listing.sold_at ? Math.min(listing.sold_at.getTime(), now) : now;
    if (to < from) continue;
    const readers = Math.round((5 + random() * 55) * (listing.is_featured ? 2.5 : 1));
    for (let reader = 0; reader < readers; reader += 1) {
      const day = new Date(from + random() * (to - from)).toISOString().slice(0, 10);
      const viewer_key = Buffer.from(Array.from({ length: 16 }, () => Math.floor(random() * 256))).toString(
        'base64url',
      );
      rows.push({ product_id: listing.id, day, viewer_key });
    }
  }
  return rows;
}

/** Paints the shared pool of demo photos once (5 per category) and answers their URLs. */
async function storeDemoPhotos(storage: FileStorage): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  const categories: Category[] = ['rods', 'reels', 'combo', 'tackle', 'accessories'];
  for (const category of categories) {
    for (let variant = 0; variant < PHOTO_VARIANTS; variant += 1) {
      const key = `product-images/demo-${category}-${variant}.webp`;
      urls.set(
        `${category}:${variant}`,
        await storage.put(key, await gearPhotoWebp(category, variant), 'image/webp'),
      );
    }
  }
  return urls;
}

/**
 * Fills the marketplace of a fresh demo database: listings over every category, condition and
 * gear type, each from its seller's home town with terms that suit the gear and the seller
 * (demoListingTerms), some featured, some sold (most rated), some pending,
 * with likes and favourites from other members; then brings the sellers' counts up to date.
 */
export async function seedDemoListings(
  db: Database,
  storage: FileStorage,
  sellers: (DemoSeller & { id: string })[],
): Promise<number> {
  if (sellers.length < 2) return 0;
  const sellerIds = sellers.map((seller) => seller.id);
  const photos = await storeDemoPhotos(storage);
  const catalogue = demoListings(DEMO_LISTING_COUNT, sellers);
  const random = createRandom(7);
  const now = Date.now();

  await db.transaction(async (tx) => {
    const rows = catalogue.map((listing, index) => {
      const createdAt = new Date(now - listing.ageDays * DAY_MS - Math.floor(random() * DAY_MS));
      const soldAt = listing.sold
        ? new Date(Math.min(now, createdAt.getTime() + listing.sold.daysAfter * DAY_MS))
        : null;
      const images = Array.from({ length: listing.photoCount }, (_, n) =>
        photos.get(`${listing.category}:${(listing.photoVariant + n) % PHOTO_VARIANTS}`)!,
      );
      return {
        title: listing.title,
        description: listing.description,
        price: listing.price,
        condition: listing.condition,
        category: listing.category,
        gear_types: listing.gear_types,
        images,
        seller_id: sellerIds[listing.seller]!,
        location: listing.location,
        location_lat: listing.location_lat,
        location_lng: listing.location_lng,
        brand: listing.brand,
        model: listing.model,
        rod_brand: listing.rod_brand,
        rod_composition: listing.rod_composition,
        rod_length_feet: listing.rod_length_feet,
        rod_length_inches: listing.rod_length_inches,
        rod_power_rating: listing.rod_power_rating,
        reel_brand: listing.reel_brand,
        reel_type: listing.reel_type,
        reel_gear_ratio: listing.reel_gear_ratio,
        tags: demoTagsOf({
          text: `${listing.title} ${listing.description}`,
          gear_types: listing.gear_types,
          reel_type: listing.reel_type,
        }),
        ...demoListingTerms(listing, sellers[listing.seller]!, index),
        sold: listing.sold !== null,
        sold_at: soldAt,
        buyer_id: listing.sold ? sellerIds[listing.sold.buyer]! : null,
        transaction_rating: listing.sold?.rating ?? null,
        visible_in_marketplace: listing.sold === null,
        moderation_status: listing.moderation_status,
        is_featured: listing.is_featured,
        created_at: createdAt,
        updated_at: soldAt ?? createdAt,
      };
    });
    const inserted = await tx.insert(products).values(rows).returning({
      id: products.id,
      seller_id: products.seller_id,
      created_at: products.created_at,
      sold_at: products.sold_at,
      is_featured: products.is_featured,
    });

    // Other members like and favourite a fair share of the listings.
    const likes: { product_id: string; user_id: string }[] = [];
    const favorites: { product_id: string; user_id: string }[] = [];
    for (const { id, seller_id } of inserted) {
      for (const user_id of sellerIds) {
        if (user_id === seller_id) continue;
        const roll = random();
        if (roll < 0.06) likes.push({ product_id: id, user_id });
        if (roll > 0.97) favorites.push({ product_id: id, user_id });
      }
    }
    if (likes.length > 0) await tx.insert(productLikes).values(likes);
    if (favorites.length > 0) await tx.insert(productFavorites).values(favorites);
    const views = demoViews(inserted, random, now);
    for (let start = 0; start < views.length; start += VIEW_BATCH) {
      await tx.insert(listingViews).values(views.slice(start, start + VIEW_BATCH));
    }

    await tx.execute(sql`
      update products p set
        likes_count = (select count(*) from product_likes l where l.product_id = p.id),
        favorites_count = (select count(*) from product_favorites f where f.product_id = p.id),
        views_count = (select count(*) from listing_views v where v.product_id = p.id)`);
    await tx.execute(sql`
      update profiles pr set
        products_count = s.listed,
        sales_count = s.sold,
        seller_rating = s.rating,
        cached_seller_rating = s.rating
      from (
        select seller_id,
          count(*) filter (where not deleted) as listed,
          count(*) filter (where sold) as sold,
          coalesce(round(avg(transaction_rating)::numeric, 2), 0) as rating
        from products group by seller_id
      ) s
      where pr.id = s.seller_id`);
  });
  // PGlite has no autovacuum: give the planner statistics so the search indexes are used.
  await db.execute(sql`analyze products`);
  return catalogue.length;
}
