import type { AlertMatchDto, AlertMatchListDto, ProductAlertDto } from '@castline/shared';
import { AlertFilters, PUBLIC_MODERATION_STATUSES } from '@castline/shared';
import type { AlertMatchRow, AlertRow } from './alerts.repository.js';

/** Dollars with two decimals. */
function money(value: number | string): number {
  return Math.round(Number(value) * 100) / 100;
}

/** The saved filters; a stored value that no longer parses is rebuilt from the typed columns. */
function filtersOf(row: AlertRow): AlertFilters {
  const saved = AlertFilters.safeParse(row.filters);
  if (saved.success) return saved.data;
  const rebuilt = {
    ...(row.q ? { q: row.q } : {}),
    ...(row.categories.length ? { category: row.categories } : {}),
    ...(row.conditions.length ? { condition: row.conditions } : {}),
    ...(row.gear_types.length ? { gear_types: row.gear_types } : {}),
    ...(row.price_min !== null ? { price_min: row.price_min } : {}),
    ...(row.price_max !== null ? { price_max: row.price_max } : {}),
    ...(row.brand ? { brand: row.brand } : {}),
    ...(row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : {}),
    ...(row.radius_miles !== null && row.lat !== null ? { radius: row.radius_miles } : {}),
  };
  const parsed = AlertFilters.safeParse(rebuilt);
  return parsed.success ? parsed.data : {};
}

export function presentAlert(row: AlertRow): ProductAlertDto {
  return {
    id: row.id,
    name: row.name,
    filters: filtersOf(row),
    is_active: row.is_active,
    match_count: row.match_count,
    unread_count: row.unread_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentMatch(row: AlertMatchRow): AlertMatchDto {
  return {
    id: row.id,
    alert_id: row.alert_id,
    alert_name: row.alert_name,
    listing: {
      id: row.product_id,
      title: row.title,
      price: money(row.price),
      image: row.images[0] ?? null,
      seller_id: row.seller_id,
      sold: row.sold,
      // Shown in the marketplace: not deleted, not sold or hidden, moderation active or pending.
      available:
        !row.deleted &&
        !row.sold &&
        row.visible_in_marketplace &&
        PUBLIC_MODERATION_STATUSES.includes(row.moderation_status),
    },
    is_read: row.is_read,
    created_at: row.created_at.toISOString(),
  };
}

export function presentMatchList(
  rows: AlertMatchRow[],
  total: number,
  unread: number,
  page: number,
  pageSize: number,
): AlertMatchListDto {
  return { items: rows.map(presentMatch), total, unread_count: unread, page, pageSize };
}
