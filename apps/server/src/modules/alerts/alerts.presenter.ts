import type { AlertMatchDto, AlertMatchListDto, ListingAlertDto } from '@castline/shared';
import {
  AlertFilters,
  alertFiltersFromCriteria,
  PUBLIC_MODERATION_STATUSES,
  summaryTermsOf,
} from '@castline/shared';
import { savedCriteriaOf, type AlertMatchRow, type AlertRow } from './alerts.repository.js';

/** Dollars with two decimals. */
function money(value: number | string): number {
  return Math.round(Number(value) * 100) / 100;
}

/** The alert filters of the saved criteria (none when even the typed columns make no valid filters). */
function filtersOf(row: AlertRow): AlertFilters {
  const parsed = AlertFilters.safeParse(alertFiltersFromCriteria(savedCriteriaOf(row)));
  return parsed.success ? parsed.data : {};
}

export function presentAlert(row: AlertRow): ListingAlertDto {
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
      ...summaryTermsOf(row),
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
