import type { Category, PriceGuideDto } from '@castline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The gear a seller is pricing, as the listing form holds it. */
export interface PricedGear {
  brand: string;
  model: string;
  category: Category | '';
}

/** Under 'listings', so that a change to listings (a sale) refreshes the guides too. */
export const priceGuideKeys = {
  listing: (id: string) => ['listings', 'price-guide', 'listing', id] as const,
  gear: (gear: PricedGear) =>
    [
      'listings',
      'price-guide',
      'gear',
      gear.category,
      gear.brand.trim().toLowerCase(),
      gear.model.trim().toLowerCase(),
    ] as const,
};

/** Brand, model and category are all filled: the form asks for a guide. */
export function isPricedGearComplete(gear: PricedGear): boolean {
  return gear.category !== '' && gear.brand.trim() !== '' && gear.model.trim() !== '';
}

/** What a listing's brand and model sold for (its own sale left out); asked for once the page shows it. */
export function useListingPriceGuide(listingId: string) {
  return useQuery(
    queryOptions({
      queryKey: priceGuideKeys.listing(listingId),
      queryFn: ({ signal }) =>
        api.get<PriceGuideDto>(`/api/listings/${encodeURIComponent(listingId)}/price-guide`, signal),
      enabled: listingId !== '',
    }),
  );
}

/** What gear like this sold for, for the listing form's price hint; asked for once the gear is named. */
export function useGearPriceGuide(gear: PricedGear) {
  const query = new URLSearchParams({
    brand: gear.brand.trim(),
    model: gear.model.trim(),
    category: gear.category,
  });
  return useQuery({
    queryKey: priceGuideKeys.gear(gear),
    queryFn: ({ signal }) => api.get<PriceGuideDto>(`/api/listings/price-guide?${query}`, signal),
    enabled: isPricedGearComplete(gear),
  });
}

/** The guide when it has figures to show (enough sales); null otherwise. */
export function shownGuide(guide: PriceGuideDto | undefined): PriceGuideWithFigures | null {
  if (!guide || guide.match === 'none' || guide.median === null || guide.low === null || guide.high === null)
    return null;
  return guide as PriceGuideWithFigures;
}

export type PriceGuideWithFigures = PriceGuideDto & {
  match: 'model' | 'brand';
  median: number;
  low: number;
  high: number;
};
