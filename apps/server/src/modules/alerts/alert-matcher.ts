import { and, eq, inArray, ne, notInArray, sql, type SQLWrapper } from 'drizzle-orm';
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
import type { NotificationInsert } from '../notifications/index.js';

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
    tags: { value: saved.tags, empty: none(saved.tags) },
    priceMin: { value: saved.price_min, empty: sql`${saved.price_min} is null` },
    priceMax: { value: saved.price_max, empty: sql`${saved.price_max} is null` },
    text: { value: sql`websearch_to_tsquery('english', ${saved.q})`, empty: sql`${saved.q} is null` },
    brand: { value: sql`lower(${saved.brand})`, empty: sql`${saved.brand} is null` },
    handover: { value: saved.handover, empty: sql`${saved.handover} is null` },
    freeShipping: { value: true, empty: sql`${saved.free_shipping} = false` },
    rodPowers: { value: { any: saved.rod_powers }, empty: none(saved.rod_powers) },
    rodCompositions: { value: { any: saved.rod_compositions }, empty: none(saved.rod_compositions) },
    reelTypes: { value: { any: saved.reel_types }, empty: none(saved.reel_types) },
    rodLengthMin: { value: saved.rod_length_min, empty: sql`${saved.rod_length_min} is null` },
    rodLengthMax: { value: saved.rod_length_max, empty: sql`${saved.rod_length_max} is null` },
    within: {
      value: {
        point: { lat: saved.lat, lng: saved.lng },
        meters: sql`(${saved.radius_miles} * ${METERS_PER_MILE}::float8)`,
      },
      empty: sql`${saved.radius_miles} is null`,
    },
  }),
  // "Featured only" is a column of the alert here, not a constant of the search.
  sql`(${saved.featured} = false or ${products.is_featured} = true)`,
);

/**
 * Matches one listing against every active alert of other (not banned) members, in the database:
 * one INSERT … SELECT writes an alert_notifications row per matching alert (ON CONFLICT DO
 * NOTHING, so a listing saved again never matches an alert twice), and answers the PRODUCT_ALERT
 * notifications to write ('Product Alert Match', '{product} matches {alert}'): one per member and
 * listing (the alerts' names joined when several matched), with the listing's first photo and price,
 * and none for a member already told of the listing by another alert.
 *
 * It runs inside the transaction that made the listing public (its create, or an edit while it
 * is public), so a listing and its matches commit together; nothing matches unless the listing
 * is publicly visible at that moment. The caller writes the returned notifications (the writer).
 */
export async function matchListingToAlerts(
  executor: Executor,
  listingId: string,
): Promise<NotificationInsert[]> {
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
    .select({
      alert_id: productAlerts.id,
      alert_name: productAlerts.name,
      title: products.title,
      price: products.price,
      image: sql<string | null>`${products.images}[1]`,
    })
    .from(productAlerts)
    .innerJoin(products, eq(products.id, listingId))
    .where(
      inArray(
        productAlerts.id,
        matched.map((row) => row.alert_id),
      ),
    );
  const byAlert = new Map(names.map((row) => [row.alert_id, row]));
  // A member told of this listing before (another of their alerts matched it earlier) is not told again.
  const toldBefore = new Set(
    (
      await executor
        .select({ user_id: alertNotifications.user_id })
        .from(alertNotifications)
        .where(
          and(
            eq(alertNotifications.product_id, listingId),
            notInArray(
              alertNotifications.id,
              matched.map((row) => row.id),
            ),
          ),
        )
    ).map((row) => row.user_id),
  );
  // One notification per member and listing, however many of their alerts it matched.
  const byMember = new Map<string, typeof matched>();
  for (const row of matched) {
    if (toldBefore.has(row.user_id) || !byAlert.has(row.alert_id)) continue;
    byMember.set(row.user_id, [...(byMember.get(row.user_id) ?? []), row]);
  }
  return [...byMember.values()].map((rows) => {
    const named = rows
      .map((row) => ({ row, alert: byAlert.get(row.alert_id)! }))
      .sort((a, b) => a.alert.alert_name.localeCompare(b.alert.alert_name));
    const first = named[0]!;
    const alertName = named.map((entry) => entry.alert.alert_name).join(' and ');
    return {
      user_id: first.row.user_id,
      type: 'PRODUCT_ALERT' as const,
      title: NOTIFICATION_MESSAGES.alertMatchTitle,
      message: alertMatchMessage(first.alert.title, alertName),
      data: {
        alertNotificationId: first.row.id,
        alertId: first.row.alert_id,
        alertName,
        productId: listingId,
        product_id: listingId,
        productName: first.alert.title,
        productImage: first.alert.image,
        productPrice: first.alert.price,
      },
    };
  });
}
