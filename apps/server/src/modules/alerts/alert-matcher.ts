import { and, eq, inArray, ne, sql, type SQLWrapper } from 'drizzle-orm';
import type { NotificationDto } from '@castline/shared';
import { alertMatchMessage, NOTIFICATION_MESSAGES } from '@castline/shared';
import type { Executor } from '../../db/client.js';
import { METERS_PER_MILE } from '../../db/great-circle.js';
import {
  alertNotifications,
  productAlerts,
  products,
  profiles,
  PUBLIC_LISTING_PREDICATE,
} from '../../db/schema/index.js';
import { listingCriteriaConditions } from '../listings/index.js';
import { insertNotifications } from '../notifications/index.js';

const saved = productAlerts;
const none = (list: SQLWrapper) => sql`cardinality(${list}) = 0`;

/**
 * Every criterion of a saved alert (its typed columns), tested against the one listing joined as
 * `products` by the marketplace search's own rules (listingCriteriaConditions). An empty list or
 * a null value means "any"; a null coordinate never matches a radius.
 */
export const alertMatchesListing = and(
  ...listingCriteriaConditions({
    categories: { value: { any: saved.categories }, empty: none(saved.categories) },
    conditions: { value: { any: saved.conditions }, empty: none(saved.conditions) },
    gearTypes: { value: saved.gear_types, empty: none(saved.gear_types) },
    priceMin: { value: saved.price_min, empty: sql`${saved.price_min} is null` },
    priceMax: { value: saved.price_max, empty: sql`${saved.price_max} is null` },
    text: { value: sql`websearch_to_tsquery('english', ${saved.q})`, empty: sql`${saved.q} is null` },
    brand: { value: sql`lower(${saved.brand})`, empty: sql`${saved.brand} is null` },
    handover: { value: saved.handover, empty: sql`${saved.handover} is null` },
    freeShipping: { value: true, empty: sql`${saved.free_shipping} = false` },
    within: {
      value: {
        point: { lat: saved.lat, lng: saved.lng },
        meters: sql`(${saved.radius_miles} * ${METERS_PER_MILE}::float8)`,
      },
      empty: sql`${saved.radius_miles} is null`,
    },
  }),
);

/**
 * Matches one listing against every active alert of other (not banned) members, in the database:
 * one INSERT … SELECT writes an alert_notifications row per matching alert (ON CONFLICT DO
 * NOTHING, so a listing saved again never matches an alert twice), then each new row gets its
 * PRODUCT_ALERT notification ('Product Alert Match', '{product} matches {alert}').
 *
 * It runs inside the transaction that made the listing public (its create, or an edit while it
 * is public), so a listing and its matches commit together; nothing matches unless the listing
 * is publicly visible at that moment. The caller publishes the returned notifications after commit.
 */
export async function matchListingToAlerts(
  executor: Executor,
  listingId: string,
): Promise<NotificationDto[]> {
  const matched = await executor
    .insert(alertNotifications)
    .select((qb) =>
      qb
        .select({
          id: sql<string>`gen_random_uuid()`.as('id'),
          user_id: productAlerts.user_id,
          alert_id: productAlerts.id,
          product_id: products.id,
          is_read: sql<boolean>`false`.as('is_read'),
          created_at: sql<Date>`now()`.as('created_at'),
        })
        .from(productAlerts)
        .innerJoin(products, eq(products.id, listingId))
        .innerJoin(profiles, eq(profiles.id, productAlerts.user_id))
        .where(
          and(
            // Written as a literal so that the planner can use the partial index on active alerts.
            sql`${productAlerts.is_active} = true`,
            ne(productAlerts.user_id, products.seller_id),
            ne(profiles.status, 'banned'),
            PUBLIC_LISTING_PREDICATE,
            alertMatchesListing,
          ),
        ),
    )
    .onConflictDoNothing({ target: [alertNotifications.alert_id, alertNotifications.product_id] })
    .returning({
      id: alertNotifications.id,
      user_id: alertNotifications.user_id,
      alert_id: alertNotifications.alert_id,
    });
  if (matched.length === 0) return [];

  const names = await executor
    .select({ alert_id: productAlerts.id, alert_name: productAlerts.name, title: products.title })
    .from(productAlerts)
    .innerJoin(products, eq(products.id, listingId))
    .where(
      inArray(
        productAlerts.id,
        matched.map((row) => row.alert_id),
      ),
    );
  const byAlert = new Map(names.map((row) => [row.alert_id, row]));
  return insertNotifications(
    executor,
    matched.flatMap((row) => {
      const named = byAlert.get(row.alert_id);
      if (!named) return [];
      return [
        {
          user_id: row.user_id,
          type: 'PRODUCT_ALERT' as const,
          title: NOTIFICATION_MESSAGES.alertMatchTitle,
          message: alertMatchMessage(named.title, named.alert_name),
          data: {
            alertNotificationId: row.id,
            alertId: row.alert_id,
            alertName: named.alert_name,
            productId: listingId,
            product_id: listingId,
            productName: named.title,
          },
        },
      ];
    }),
  );
}
