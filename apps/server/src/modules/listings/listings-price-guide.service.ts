import type { Category, PriceGuideDto, PriceGuideMatch } from '@castline/shared';
import { canViewListing, LISTING_MESSAGES as M, PRICE_GUIDE_MIN_SALES } from '@castline/shared';
import type { Actor } from '../../http/access-policy.js';
import { NotFoundError } from '../../http/errors.js';
import type {
  createListingsPriceGuideRepository,
  PriceGuideGear,
  PriceGuideLevels,
} from './listings-price-guide.repository.js';

type PriceGuideRepository = ReturnType<typeof createListingsPriceGuideRepository>;

/** The gear a seller is pricing, as the validated query reads it. */
export interface PriceGuideRequest {
  brand?: string | undefined;
  model?: string | undefined;
  category: Category;
}

/** A listing's price guide, and whether anyone may see that listing (the answer may be kept by shared caches). */
export interface ListingPriceGuide {
  guide: PriceGuideDto;
  public: boolean;
}

const NO_SALES: PriceGuideLevels = {
  model: { count: 0, median: null, low: null, high: null, points: [] },
  brand: { count: 0, median: null, low: null, high: null, points: [] },
};

/**
 * The guide from the sales of each level: the model's when it has PRICE_GUIDE_MIN_SALES, else the
 * brand's in the category; else no figures, and the most sales either level found.
 */
export function presentPriceGuide(levels: PriceGuideLevels): PriceGuideDto {
  const match: PriceGuideMatch =
    levels.model.count >= PRICE_GUIDE_MIN_SALES
      ? 'model'
      : levels.brand.count >= PRICE_GUIDE_MIN_SALES
        ? 'brand'
        : 'none';
  if (match === 'none') {
    return {
      match,
      count: Math.max(levels.model.count, levels.brand.count),
      median: null,
      low: null,
      high: null,
      points: [],
      min_sales: PRICE_GUIDE_MIN_SALES,
    };
  }
  const sales = levels[match];
  return {
    match,
    count: sales.count,
    median: sales.median,
    low: sales.low,
    high: sales.high,
    // Read newest first (the newest are kept); the chart reads them in time order.
    points: [...sales.points].reverse(),
    min_sales: PRICE_GUIDE_MIN_SALES,
  };
}

/** What the same gear sold for on Castline (issue 22, item 7). */
export function createListingsPriceGuideService(repository: PriceGuideRepository) {
  async function guideFor(gear: Omit<PriceGuideGear, 'brand'> & { brand: string | null }) {
    // Without a brand there is nothing to match: no figures, and no query.
    if (!gear.brand) return presentPriceGuide(NO_SALES);
    return presentPriceGuide(await repository.priceGuideSales({ ...gear, brand: gear.brand }));
  }

  return {
    /** The guide for gear being priced in the listing form. */
    async forGear(request: PriceGuideRequest): Promise<PriceGuideDto> {
      return guideFor({
        brand: request.brand ?? null,
        model: request.model ?? null,
        category: request.category,
        excludeListingId: null,
      });
    },

    /** The guide for a listing's gear, its own sale left out; 404 when the caller may not see it. */
    async forListing(id: string, actor: Actor | null): Promise<ListingPriceGuide> {
      const gear = await repository.findGear(id);
      if (!gear || !canViewListing(actor, gear)) throw new NotFoundError(M.productNotFound);
      const guide = await guideFor({
        brand: gear.brand?.trim() || null,
        model: gear.model?.trim() || null,
        category: gear.category as Category,
        excludeListingId: gear.id,
      });
      return { guide, public: canViewListing(null, gear) };
    },
  };
}

export type ListingsPriceGuideService = ReturnType<typeof createListingsPriceGuideService>;
