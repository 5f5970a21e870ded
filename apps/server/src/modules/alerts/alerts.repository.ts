import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ListingSearchCriteria } from '@castline/shared';
import {
  AlertFilters,
  alertFiltersFromCriteria,
  criteriaFromAlertFilters,
  DEFAULT_RADIUS_MILES,
  EMPTY_CRITERIA,
  normalizeTags,
} from '@castline/shared';
import type { Database, Executor } from '../../db/client.js';
import {
  alertNotifications,
  notifications,
  productAlerts,
  products,
  profiles,
} from '../../db/schema/index.js';

/*
 * An alert's criteria are kept as the alert filters it was saved with (`filters`, JSON) and as the
 * typed columns the matching SQL reads; both are written from, and read back into, criteria here.
 */

/** The typed columns the matching SQL reads, filled from the criteria. */
function criteriaMatchColumns(criteria: ListingSearchCriteria) {
  const { near } = criteria;
  return {
    q: criteria.q || null,
    categories: criteria.category,
    conditions: criteria.condition,
    gear_types: criteria.gear_types,
    price_min: criteria.priceMin,
    price_max: criteria.priceMax,
    brand: criteria.brand || null,
    lat: near?.lat ?? null,
    lng: near?.lng ?? null,
    radius_miles: near && !criteria.anyDistance ? criteria.radius : null,
    handover: criteria.handover,
    free_shipping: criteria.freeShipping,
    rod_powers: criteria.rod_power,
    rod_compositions: criteria.rod_composition,
    reel_types: criteria.reel_type,
    rod_length_min: criteria.rodLengthMin,
    rod_length_max: criteria.rodLengthMax,
    featured: criteria.featured,
    tags: criteria.tags,
  };
}

/** The typed match columns of saved alert filters (for rows written straight to the table). */
export function matchColumnsOf(filters: AlertFilters) {
  return criteriaMatchColumns(criteriaFromAlertFilters(filters));
}

/** The alert's saved criteria; saved filters that no longer parse are rebuilt from the typed columns. */
export function savedCriteriaOf(row: AlertRow): ListingSearchCriteria {
  const saved = AlertFilters.safeParse(row.filters);
  if (saved.success) return criteriaFromAlertFilters(saved.data);
  const near = row.lat !== null && row.lng !== null ? { label: '', lat: row.lat, lng: row.lng } : null;
  return {
    ...EMPTY_CRITERIA,
    q: row.q ?? '',
    category: row.categories as ListingSearchCriteria['category'],
    condition: row.conditions as ListingSearchCriteria['condition'],
    gear_types: row.gear_types as ListingSearchCriteria['gear_types'],
    priceMin: row.price_min,
    priceMax: row.price_max,
    brand: row.brand ?? '',
    near,
    radius: row.radius_miles ?? DEFAULT_RADIUS_MILES,
    anyDistance: near !== null && row.radius_miles === null,
    handover: row.handover === 'pickup' || row.handover === 'shipping' ? row.handover : null,
    freeShipping: row.free_shipping,
    rod_power: row.rod_powers as ListingSearchCriteria['rod_power'],
    rod_composition: row.rod_compositions as ListingSearchCriteria['rod_composition'],
    reel_type: row.reel_types as ListingSearchCriteria['reel_type'],
    rodLengthMin: row.rod_length_min,
    rodLengthMax: row.rod_length_max,
    featured: row.featured,
    tags: normalizeTags(row.tags),
  };
}

/**
 * The alert's match counts. The outer alert is named in full: drizzle leaves columns of a
 * single-table select unqualified, which inside the subquery would name alert_notifications.id.
 */
const outerAlertId = sql.raw('"product_alerts"."id"');
const matchCount =
  sql<number>`(select count(*) from ${alertNotifications} where ${alertNotifications.alert_id} = ${outerAlertId})`.mapWith(
    Number,
  );
const unreadCount =
  sql<number>`(select count(*) from ${alertNotifications} where ${alertNotifications.alert_id} = ${outerAlertId} and ${alertNotifications.is_read} = false)`.mapWith(
    Number,
  );

const alertColumns = {
  id: productAlerts.id,
  name: productAlerts.name,
  filters: productAlerts.filters,
  is_active: productAlerts.is_active,
  q: productAlerts.q,
  categories: productAlerts.categories,
  conditions: productAlerts.conditions,
  gear_types: productAlerts.gear_types,
  price_min: productAlerts.price_min,
  price_max: productAlerts.price_max,
  brand: productAlerts.brand,
  lat: productAlerts.lat,
  lng: productAlerts.lng,
  radius_miles: productAlerts.radius_miles,
  handover: productAlerts.handover,
  free_shipping: productAlerts.free_shipping,
  rod_powers: productAlerts.rod_powers,
  rod_compositions: productAlerts.rod_compositions,
  reel_types: productAlerts.reel_types,
  rod_length_min: productAlerts.rod_length_min,
  rod_length_max: productAlerts.rod_length_max,
  featured: productAlerts.featured,
  tags: productAlerts.tags,
  created_at: productAlerts.created_at,
  updated_at: productAlerts.updated_at,
  match_count: matchCount,
  unread_count: unreadCount,
};

const matchColumns = {
  id: alertNotifications.id,
  alert_id: alertNotifications.alert_id,
  alert_name: productAlerts.name,
  is_read: alertNotifications.is_read,
  created_at: alertNotifications.created_at,
  product_id: products.id,
  title: products.title,
  price: products.price,
  images: products.images,
  seller_id: products.seller_id,
  sold: products.sold,
  handover: products.handover,
  shipping_price: products.shipping_price,
  deleted: products.deleted,
  visible_in_marketplace: products.visible_in_marketplace,
  moderation_status: products.moderation_status,
};

export interface AlertValues {
  name: string;
  criteria: ListingSearchCriteria;
  is_active: boolean;
}

/** The columns that keep criteria: the alert filters they stand for, and the typed match columns. */
function criteriaColumns(criteria: ListingSearchCriteria) {
  return { filters: alertFiltersFromCriteria(criteria), ...criteriaMatchColumns(criteria) };
}

export function createAlertsRepository(db: Database) {
  const selectAlerts = (executor: Executor) => executor.select(alertColumns).from(productAlerts);
  const selectMatches = (executor: Executor) =>
    executor
      .select(matchColumns)
      .from(alertNotifications)
      .innerJoin(productAlerts, eq(productAlerts.id, alertNotifications.alert_id))
      .innerJoin(products, eq(products.id, alertNotifications.product_id));

  return {
    db,

    /** The member's alerts, newest first. */
    async list(userId: string) {
      return selectAlerts(db)
        .where(eq(productAlerts.user_id, userId))
        .orderBy(desc(productAlerts.created_at), desc(productAlerts.id));
    },

    async findOwned(executor: Executor, id: string, userId: string) {
      const [row] = await selectAlerts(executor)
        .where(and(eq(productAlerts.id, id), eq(productAlerts.user_id, userId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * How many alerts the member keeps, with their profile row locked for the transaction so
     * that two saves at once cannot both pass the limit.
     */
    async countForUpdate(executor: Executor, userId: string): Promise<number> {
      // NO KEY UPDATE: it serialises alert saves without blocking rows that merely reference the member.
      await executor
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.id, userId))
        .for('no key update');
      const [row] = await executor
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(productAlerts)
        .where(eq(productAlerts.user_id, userId));
      return row?.total ?? 0;
    },

    async insert(executor: Executor, userId: string, values: AlertValues): Promise<string> {
      const [row] = await executor
        .insert(productAlerts)
        .values({
          user_id: userId,
          name: values.name,
          is_active: values.is_active,
          ...criteriaColumns(values.criteria),
        })
        .returning({ id: productAlerts.id });
      if (!row) throw new Error('alert insert returned nothing');
      return row.id;
    },

    /** Renames, pauses or resumes, or changes the criteria; false when not the member's. */
    async update(id: string, userId: string, values: Partial<AlertValues>): Promise<boolean> {
      const rows = await db
        .update(productAlerts)
        .set({
          ...(values.name !== undefined ? { name: values.name } : {}),
          ...(values.is_active !== undefined ? { is_active: values.is_active } : {}),
          ...(values.criteria !== undefined ? criteriaColumns(values.criteria) : {}),
          updated_at: sql`now()`,
        })
        .where(and(eq(productAlerts.id, id), eq(productAlerts.user_id, userId)))
        .returning({ id: productAlerts.id });
      return rows.length > 0;
    },

    /** Deletes the alert and (by cascade) its matches; false when not the member's. */
    async remove(id: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(productAlerts)
        .where(and(eq(productAlerts.id, id), eq(productAlerts.user_id, userId)))
        .returning({ id: productAlerts.id });
      return rows.length > 0;
    },

    /**
     * The member's matches (of one alert, or all), newest first, with the total and unread count.
     * All of them lists each listing once, at its first match, however many alerts it matched.
     */
    async matches(params: { userId: string; alertId: string | null; limit: number; offset: number }) {
      const conditions: SQL[] = [eq(alertNotifications.user_id, params.userId)];
      if (params.alertId) conditions.push(eq(alertNotifications.alert_id, params.alertId));
      else
        conditions.push(sql`not exists (
          select 1 from alert_notifications earlier
          where earlier.user_id = ${alertNotifications.user_id}
            and earlier.product_id = ${alertNotifications.product_id}
            and (earlier.created_at, earlier.id) < (${alertNotifications.created_at}, ${alertNotifications.id})
        )`);
      const where = and(...conditions);
      const [counted] = await db
        .select({
          total: sql<number>`count(*)`.mapWith(Number),
          unread: sql<number>`count(*) filter (where ${alertNotifications.is_read} = false)`.mapWith(Number),
        })
        .from(alertNotifications)
        .where(where);
      const rows = await selectMatches(db)
        .where(where)
        .orderBy(desc(alertNotifications.created_at), desc(alertNotifications.id))
        .limit(params.limit)
        .offset(params.offset);
      if (!params.alertId && rows.length > 0) {
        // A listing shown once names every alert of the member that matched it, as its notification does.
        const named = await db
          .select({
            product_id: alertNotifications.product_id,
            names: sql<string>`string_agg(${productAlerts.name}, ' and ' order by ${productAlerts.name})`,
          })
          .from(alertNotifications)
          .innerJoin(productAlerts, eq(productAlerts.id, alertNotifications.alert_id))
          .where(
            and(
              eq(alertNotifications.user_id, params.userId),
              inArray(
                alertNotifications.product_id,
                rows.map((row) => row.product_id),
              ),
            ),
          )
          .groupBy(alertNotifications.product_id);
        const names = new Map(named.map((row) => [row.product_id, row.names]));
        for (const row of rows) row.alert_name = names.get(row.product_id) ?? row.alert_name;
      }
      return { rows, total: counted?.total ?? 0, unread: counted?.unread ?? 0 };
    },

    async findMatch(executor: Executor, id: string, userId: string) {
      const [row] = await selectMatches(executor)
        .where(and(eq(alertNotifications.id, id), eq(alertNotifications.user_id, userId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Marks the member's match read, and with it their other matches of the same listing (read
     * state is per listing); false when it is not theirs.
     */
    async markMatchRead(executor: Executor, id: string, userId: string): Promise<boolean> {
      const rows = await executor
        .update(alertNotifications)
        .set({ is_read: true })
        .where(
          and(
            eq(alertNotifications.user_id, userId),
            sql`${alertNotifications.product_id} = (
              select product_id from alert_notifications where id = ${id} and user_id = ${userId}
            )`,
          ),
        )
        .returning({ id: alertNotifications.id });
      return rows.length > 0;
    },

    /** Marks the PRODUCT_ALERT notification of that match's listing read; answers how many changed. */
    async markMatchNotificationRead(executor: Executor, matchId: string, userId: string): Promise<number> {
      const rows = await executor
        .update(notifications)
        .set({ read: true, updated_at: sql`now()` })
        .where(
          and(
            eq(notifications.user_id, userId),
            eq(notifications.type, 'PRODUCT_ALERT'),
            eq(notifications.read, false),
            sql`${notifications.data} ->> 'productId' = (
              select product_id::text from alert_notifications where id = ${matchId} and user_id = ${userId}
            )`,
          ),
        )
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
export type AlertRow = NonNullable<Awaited<ReturnType<AlertsRepository['findOwned']>>>;
export type AlertMatchRow = NonNullable<Awaited<ReturnType<AlertsRepository['findMatch']>>>;
