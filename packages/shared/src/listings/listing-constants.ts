/** Listing and image constants (spec 000 §9). */
export const LISTING_PAGE_SIZE = 20;
export const LISTING_PAGE_SIZE_MAX = 50;
/**
 * A text search shows at most this many matches (decision 0013): best matches first among the
 * newest this many, or the first this many in the chosen order. Past it, the total reads "1,000+".
 */
export const TEXT_SEARCH_MATCH_LIMIT = 1000;
/**
 * A filtered search (a price range, gear types, a brand, a place, …) shows at most this many
 * matches (decision 0021), in the order asked for. Past it, the total reads "10,000+". Searches
 * by category and condition alone, and searches ordered by distance, count every match.
 */
export const FILTERED_SEARCH_MATCH_LIMIT = 10_000;
/** Featured, newest and recently sold rows on the home page. */
export const HOME_ROW_SIZE = 4;
export const LISTING_TITLE_MAX = 120;
export const LISTING_DESCRIPTION_MAX = 5000;
export const LISTING_PRICE_MAX = 1_000_000;
export const LISTING_IMAGES_MAX = 10;
export const LISTING_LOCATION_MAX = 200;
/** A listing's brand and its model, each. */
export const LISTING_BRAND_MODEL_MAX = 80;
/** Radius search bounds, in miles. */
export const RADIUS_MILES_MAX = 500;
export const RADIUS_OPTIONS_MILES = [10, 25, 50, 100, 250] as const;

/** Images. */
export const IMAGE_FORM_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_VALIDATOR_MAX_BYTES = 5_242_880;
export const IMAGE_MAX_DIMENSION = 9000;
export const IMAGE_THUMBNAIL_SIZE = 150;
export const IMAGE_COMPRESSION_SKIP_BELOW_BYTES = 200 * 1024;
export const IMAGE_FORM_TARGET = { width: 2560, height: 1440 } as const;
export const IMAGE_DEFAULT_TARGET = { width: 1920, height: 1080 } as const;
export const IMAGE_FORM_QUALITY = 0.85;
export const IMAGE_DEFAULT_QUALITY = 0.8;
export const HEIC_JPEG_QUALITY = 0.8;
export const UPLOAD_STAGGER_MS = 100;

export const IMAGE_QUALITY_PRESETS = {
  avatar: 85,
  product: 80,
  hero: 85,
  low: 60,
  medium: 75,
  high: 85,
  veryHigh: 90,
} as const;
export const IMAGE_SIZE_PRESETS = {
  avatar: [64, 128, 256],
  product: { thumbnail: 200, preview: 600, full: 1200 },
  hero: [
    [800, 400],
    [1200, 600],
    [1600, 800],
  ],
} as const;
export const SRCSET_MULTIPLIERS = [0.5, 1, 1.5, 2] as const;

/** Buckets of the file store. */
export const BUCKETS = ['product-images', 'forum-images', 'avatars', 'message-images'] as const;
export type Bucket = (typeof BUCKETS)[number];

/** Output formats an image variant may be asked for. */
export const IMAGE_FORMATS = ['webp', 'jpeg', 'png', 'avif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** Location suggestions. */
export const PLACE_SUGGESTION_MIN_CHARS = 3;
export const PLACE_SUGGESTION_DEBOUNCE_MS = 300;
export const PLACE_SUGGESTION_LIMIT = 8;

/** Orders a listing search may ask for (GET /api/listings?sort=). */
export const LISTING_SORTS = [
  'newest',
  'oldest',
  'price_asc',
  'price_desc',
  'distance',
  'relevance',
] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

/** "min-max" with either bound optional; a non-numeric bound is ignored (spec 000 §5). */
export function parsePriceRange(range: string | undefined): { min: number | null; max: number | null } {
  if (!range) return { min: null, max: null };
  const [low = '', high = ''] = range.split('-', 2);
  const bound = (text: string) => {
    const value = Number(text.trim());
    return text.trim() !== '' && Number.isFinite(value) && value >= 0 ? value : null;
  };
  return { min: bound(low), max: bound(high) };
}

/**
 * Listing views (docs/decisions/0015-listing-views.md): the listing page sends one beacon per
 * visit, and each address may send this many a minute (a reader opens far fewer listings).
 */
export const LISTING_VIEW_RATE_LIMIT = { limit: 60, windowMs: 60_000 } as const;

/** The kinds of place a location suggestion may be. */
export const LOCATION_TYPES = ['cities', 'postal_codes', 'any'] as const;
