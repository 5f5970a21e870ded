import type { AlertMatchDto, AlertMatchListDto, ListingAlertDto } from '@castline/shared';
import { AlertMatchDto as AlertMatchSchema, ListingAlertDto as ListingAlertSchema } from '@castline/shared';

/* Test data for saved-search alerts and their matches (parsed with the shared schemas). */

let counter = 0;

function nextId(prefix: string): string {
  counter += 1;
  return `${prefix}0000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

export function buildAlert(overrides: Partial<ListingAlertDto> = {}): ListingAlertDto {
  return ListingAlertSchema.parse({
    id: nextId('a1e7'),
    name: 'Shimano reels under $200',
    filters: { category: ['reels'], brand: 'Shimano', price_max: 200 },
    is_active: true,
    match_count: 3,
    unread_count: 1,
    created_at: '2025-05-01T10:00:00.000Z',
    updated_at: '2025-05-01T10:00:00.000Z',
    ...overrides,
  });
}

export function buildMatch(overrides: Partial<AlertMatchDto> = {}): AlertMatchDto {
  const id = nextId('ae71');
  return AlertMatchSchema.parse({
    id,
    alert_id: 'a_1',
    alert_name: 'Shimano reels under $200',
    listing: {
      id: `l_${id.slice(-4)}`,
      title: 'Shimano Stradic FL 2500',
      price: 160,
      image: null,
      seller_id: 'u_2',
      sold: false,
      available: true,
      handover: 'both',
      shipping_price: 12,
    },
    is_read: false,
    created_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
    ...overrides,
  });
}

export function matchPage(
  items: AlertMatchDto[],
  { total = items.length, page = 1, pageSize = 20 }: Partial<Omit<AlertMatchListDto, 'items'>> = {},
): AlertMatchListDto {
  return { items, total, page, pageSize, unread_count: items.filter((item) => !item.is_read).length };
}
