import type { ListingDto, ListingListDto } from '@castline/shared';
import { ListingDto as ListingSchema } from '@castline/shared';
import { vi } from 'vitest';
import type { mockServer } from '../../../test/fetch-mock';

/*
 * Test data for listing lists: valid ListingDto values (parsed with the shared schema, so a fixture
 * can never drift from the contract) and a reader for the query strings the page sent.
 */

export const SELLER_ID = '7b0e2a4c-5d1f-4f3a-9a43-2f1c0d9b8e71';

let counter = 0;

/** A listing as GET /api/listings answers it; `overrides` set what a test is about. */
export function buildListing(overrides: Partial<ListingDto> = {}): ListingDto {
  counter += 1;
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  return ListingSchema.parse({
    id,
    title: `Shimano Stradic ${counter}`,
    description: 'Smooth spinning reel, fished one season.',
    price: 120,
    condition: 'like new',
    category: 'reels',
    gear_types: ['Freshwater'],
    tags: [],
    images: [`/files/product-images/reel-${counter}.webp`],
    seller_id: SELLER_ID,
    seller: {
      id: SELLER_ID,
      username: 'lake_caster',
      avatar_url: null,
      seller_rating: 4.5,
      sales_count: 3,
      created_at: '2024-06-01T10:00:00.000Z',
    },
    location: 'Bend, OR',
    location_coordinates: { lat: 44.06, lng: -121.31 },
    brand: 'Shimano',
    model: 'Stradic',
    rod_brand: null,
    rod_composition: null,
    rod_length_feet: null,
    rod_length_inches: null,
    rod_power_rating: null,
    reel_brand: 'Shimano',
    reel_type: 'spinning',
    reel_gear_ratio: 'single-speed',
    handover: 'both',
    shipping_price: 15,
    ships_from: 'Bend, OR',
    handling_days: 2,
    accepts_offers: true,
    returns_accepted: false,
    return_window_days: null,
    sold: false,
    sale_pending: false,
    offer_guardrails: null,
    sold_at: null,
    buyer_id: null,
    transaction_rating: null,
    deleted: false,
    visible_in_marketplace: true,
    moderation_status: 'active',
    is_featured: false,
    likes_count: 0,
    favorites_count: 0,
    views_count: null,
    liked: false,
    favorited: false,
    distance: null,
    created_at: new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString(),
    updated_at: new Date().toISOString(),
    ...overrides,
  });
}

export function buildListings(count: number, overrides: Partial<ListingDto> = {}): ListingDto[] {
  return Array.from({ length: count }, () => buildListing(overrides));
}

/** One page of a list answer. */
export function listPage(
  items: ListingDto[],
  { total = items.length, page = 1, pageSize = 20, totalCapped }: Partial<Omit<ListingListDto, 'items'>> = {},
): ListingListDto {
  return { items, total, page, pageSize, ...(totalCapped === undefined ? {} : { totalCapped }) };
}

type Server = ReturnType<typeof mockServer>;

/** The query parameters of every request the page sent to `path`, in order. */
export function queriesSentTo(server: Server, path: string): URLSearchParams[] {
  return server.fetch.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

/**
 * The query of the request being answered now: a mockServer route runs inside the `fetch` call
 * it answers, so that call is the last one the stubbed `fetch` recorded.
 */
export function currentQuery(): URLSearchParams {
  const input = vi.mocked(fetch).mock.calls.at(-1)?.[0];
  if (input === undefined) throw new Error('currentQuery() is for mockServer routes');
  return new URL(input instanceof Request ? input.url : String(input), 'http://localhost').searchParams;
}
