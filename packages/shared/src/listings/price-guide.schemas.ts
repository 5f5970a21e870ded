import { z } from 'zod';
import { LISTING_BRAND_MODEL_MAX } from './listing-constants.js';
import {
  PRICE_GUIDE_MATCHES,
  PRICE_GUIDE_MIN_SALES,
  PRICE_GUIDE_POINTS_MAX,
} from './price-guide-constants.js';
import { CATEGORIES } from './reference.js';

/** A brand or model as the listing form sends it: trimmed, at most as long as a listing's; empty is none. */
const gearText = z
  .string()
  .trim()
  .max(LISTING_BRAND_MODEL_MAX)
  .optional()
  .transform((value) => value || undefined);

/**
 * GET /api/listings/price-guide: the gear a seller is pricing. Brand and model match
 * case-insensitively; without a brand nothing matches.
 */
export const PriceGuideQuery = z.object({
  brand: gearText,
  model: gearText,
  category: z.enum(CATEGORIES),
});
export type PriceGuideQuery = z.input<typeof PriceGuideQuery>;

/** One sale on the chart: its price and the day (UTC) it completed. */
export const PriceGuidePointDto = z.object({
  price: z.number(),
  sold_at: z.iso.date(),
});
export type PriceGuidePointDto = z.infer<typeof PriceGuidePointDto>;

/**
 * GET /api/listings/price-guide and /api/listings/:id/price-guide: what the same gear sold for on
 * Castline (completed orders, marked sales included) in the last PRICE_GUIDE_MONTHS months. With
 * fewer than `min_sales` sales at either level, `match` is 'none', `count` the most sales either
 * level found, and there are no figures: the page shows nothing.
 */
export const PriceGuideDto = z.object({
  match: z.enum(PRICE_GUIDE_MATCHES),
  /** Sales the figures are made of. */
  count: z.number().int().min(0),
  /** Dollars, in whole cents; null below `min_sales`. */
  median: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  /** The newest sales (at most PRICE_GUIDE_POINTS_MAX), oldest first; empty below `min_sales`. */
  points: z.array(PriceGuidePointDto).max(PRICE_GUIDE_POINTS_MAX),
  min_sales: z.literal(PRICE_GUIDE_MIN_SALES),
});
export type PriceGuideDto = z.infer<typeof PriceGuideDto>;
