import { and, eq, fillPlaceholders, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { bigint, pgTable, primaryKey, text, type SubqueryWithSelection } from 'drizzle-orm/pg-core';
import {
  FILTERED_SEARCH_MATCH_LIMIT,
  TEXT_SEARCH_MATCH_LIMIT,
  type ListingSearchCriteria,
} from '@castline/shared';
import { queryRows, type CompiledStatement, type Database } from '../../db/client.js';
import { products, profiles } from '../../db/schema/index.js';
import { searchRow, TOTAL_AT, type Executor } from './listings-rows.js';
import {
  anyOf,
  bound,
  chordToSearchPoint,
  isBoxedPage,
  isNearestFirst,
  listingSearchOf,
  searchColumns,
  searchConditions,
  searchOrder,
  searchShape,
  searchValues,
  textRank,
  withinChordOfSearchPoint,
  type ListingSearch,
  type SearchPage,
} from './listings-search-sql.js';
import { correctSearchText } from './listings-text-search.js';

/**
 * Public listings by category and condition, kept exact by the triggers of migration
 * 0007_listing_search_speed (outside the drizzle schema, which cannot declare triggers): the
 * total of a search that filters by nothing else is the sum of a few rows instead of a count
 * of every public listing.
 */
const listingPublicCounts = pgTable(
  'listing_public_counts',
  {
    category: text('category').notNull(),
    condition: text('condition').notNull(),
    listings: bigint('listings', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.category, table.condition] })],
);

/**
 * The category and condition filters of a public search that has no other filter (so that its
 * total is in listing_public_counts); null otherwise. Any filter added to ListingSearch counts
 * as another filter while it is set.
 */
function publicCountFilters(search: ListingSearch): { categories: string[]; conditions: string[] } | null {
  const {
    viewerId: _viewerId,
    scope,
    categories,
    conditions,
    point: _point,
    sort: _sort,
    limit: _limit,
    offset: _offset,
    ...filters
  } = search;
  if (scope.kind !== 'public') return null;
  const unfiltered = Object.values(filters).every(
    (value) => value === null || (Array.isArray(value) && value.length === 0),
  );
  return unfiltered ? { categories, conditions } : null;
}

/**
 * Whether a search ranks its matches (see rankedPageQuery): text by relevance. A search by
 * distance within a radius reads its nearest matches first (nearestPageQuery).
 */
const ranksMatches = (search: ListingSearch) => search.q !== null && search.sort === 'relevance';

/**
 * How many matches a search shows and counts, one more to know that there are more (decisions
 * 0013, 0021 and 0024); null when it counts every match exactly: a search by category and
 * condition alone (kept counts) and a member's own listings.
 */
function matchLimit(search: ListingSearch): number | null {
  if (search.q !== null) return TEXT_SEARCH_MATCH_LIMIT;
  // A member's own listings (their dashboard) are counted exactly.
  if (search.scope.kind !== 'public') return null;
  if (publicCountFilters(search)) return null;
  return FILTERED_SEARCH_MATCH_LIMIT;
}

/** The marketplace search (filters, full text with typo correction, radius, orders, totals). */
export function createListingsSearchRepository(db: Database) {
  /**
   * The number of listings a search matches: exact (from listing_public_counts when it can), or
   * counted up to the search's match limit + 1.
   */
  function countQuery(executor: Executor, search: ListingSearch, where: SQL | undefined) {
    const limit = matchLimit(search);
    if (limit !== null) {
      const capped = executor
        .select({ one: sql`1`.as('one') })
        .from(products)
        .where(where)
        .limit(limit + 1)
        .as('capped');
      return executor.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(capped);
    }
    const counted = publicCountFilters(search);
    if (counted) {
      return executor
        .select({ total: sql<number>`coalesce(sum(${listingPublicCounts.listings}), 0)`.mapWith(Number) })
        .from(listingPublicCounts)
        .where(
          and(
            counted.categories.length
              ? anyOf(listingPublicCounts.category, counted.categories, bound.categories)
              : undefined,
            counted.conditions.length
              ? anyOf(listingPublicCounts.condition, counted.conditions, bound.conditions)
              : undefined,
          ),
        );
    }
    // seller_id is NOT NULL and references profiles (cascade), so the count needs no join.
    return executor
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(where);
  }

  /** What a search's statements share: its filter and its order. */
  function searchParts(search: ListingSearch) {
    return { where: and(...searchConditions(search)), order: searchOrder(search) };
  }
  type SearchParts = ReturnType<typeof searchParts>;

  /** The page, each row carrying the exact total (one statement, one round trip). */
  function pageQuery(executor: Executor, search: ListingSearch, { where, order }: SearchParts) {
    const count = countQuery(executor, search, where);
    return (
      executor
        .select({
          ...searchColumns(search),
          total: sql<number>`(${count})`.mapWith(Number),
        })
        .from(products)
        // A listing whose seller profile is missing is skipped (spec 000 §8).
        .innerJoin(profiles, eq(profiles.id, products.seller_id))
        .where(where)
        .orderBy(...order)
        .limit(bound.limit)
        .offset(bound.offset)
    );
  }

  /** The ids of a page's listings alone (narrow rows), in the page's order: for pageRows. */
  function pageIds(executor: Executor, where: SQL | undefined, order: SQL[]) {
    return executor
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(bound.limit)
      .offset(bound.offset)
      .as('page');
  }

  /**
   * The rows of a page whose ids were chosen first (narrow rows, in `page`): their listings and
   * sellers, each row carrying `total`, in the page's order again.
   */
  function pageRows(
    executor: Executor,
    search: ListingSearch,
    page: SubqueryWithSelection<{ id: typeof products.id }, string>,
    total: SQL,
    order: SQL[],
  ) {
    return executor
      .select({ ...searchColumns(search), total: sql<number>`${total}`.mapWith(Number) })
      .from(page)
      .innerJoin(products, eq(products.id, page.id))
      .innerJoin(profiles, eq(profiles.id, products.seller_id))
      .orderBy(...order);
  }

  /**
   * The page of a public search within a radius in another order than the distance: the page's
   * ids first (narrow rows, in the page's order), then their listings and sellers. The ids of the
   * listings in the radius come from a covering index of the coordinates (with a category,
   * products_public_category_location_idx carries the order's columns too, migration 0028), so
   * the matches are sorted there and only the page's listings are read from the table and joined
   * to their sellers. Joined first, the planner read and joined every match before cutting the
   * page: 1,005 listings and their sellers for a page of 20 (100 miles around Chicago, one
   * category and a price range, at 1,000,000 listings).
   */
  function boxPageQuery(executor: Executor, search: ListingSearch, { where, order }: SearchParts) {
    const count = countQuery(executor, search, where);
    return pageRows(executor, search, pageIds(executor, where, order), sql`(${count})`, order);
  }

  /**
   * The page of a public search by distance within a radius (decision 0024). PostgreSQL reads
   * listings nearest first from the earthdistance GiST index only when the order is the distance
   * alone, but listings at the same place (a town) must keep one order, by id, from page to page.
   * So the distance of the page's last listing is read nearest first by distance alone (an
   * InitPlan that stops there), and the page is every match up to that distance (through the
   * same index: a box on the sphere, then the distance), ordered by distance and id. Listings
   * at exactly that distance are all read, so that the order by id among them holds.
   */
  function nearestPageQuery(executor: Executor, search: ListingSearch, { where }: SearchParts) {
    const count = countQuery(executor, search, where);
    // Without the latitude and longitude box, which would lead the planner to that index instead.
    const nearest = and(...searchConditions(search, { box: false }));
    const reach = sql`coalesce((
      select ${chordToSearchPoint} from ${products} where ${nearest}
      order by 1 limit 1 offset ${bound.offset}::bigint + ${bound.limit}::bigint - 1
    ), 'Infinity'::float8)`;
    // By the same measure as the reach (the order of the great-circle distance shown).
    const order = [sql`${chordToSearchPoint} asc`, sql`${products.id} asc`];
    // The page's ids first (narrow rows), then their listings and sellers.
    const within = and(where, withinChordOfSearchPoint(reach), sql`${chordToSearchPoint} <= ${reach}`);
    return pageRows(executor, search, pageIds(executor, within, order), sql`(${count})`, order);
  }

  /**
   * The page of a text search by relevance, which ranks only its newest TEXT_SEARCH_MATCH_LIMIT + 1
   * matches (decision 0013; one more than the limit tells that there are more). The candidates are
   * read newest first and ranked in the same pass (narrow rows: the id, the time and the rank),
   * then ordered by rank and counted (a window count); the page's listings and sellers are read
   * last. Each candidate is read once, and the wide rows of only the page's listings.
   */
  function rankedPageQuery(executor: Executor, search: ListingSearch, { where }: SearchParts) {
    const candidates = executor
      .select({
        id: products.id,
        created_at: products.created_at,
        rank: sql<number>`${textRank(search)}`.as('rank'),
      })
      .from(products)
      .where(where)
      .orderBy(sql`${products.created_at} desc nulls last`, products.id)
      .limit(TEXT_SEARCH_MATCH_LIMIT + 1)
      .as('candidates');
    const order = (from: Record<'id' | 'created_at' | 'rank', SQLWrapper>) => [
      sql`${from.rank} desc`,
      sql`${from.created_at} desc nulls last`,
      sql`${from.id} asc`,
    ];
    const ranked = executor
      .select({
        id: candidates.id,
        created_at: candidates.created_at,
        rank: candidates.rank,
        total: sql<number>`count(*) over ()`.as('total'),
      })
      .from(candidates)
      .orderBy(...order(candidates))
      .limit(bound.limit)
      .offset(bound.offset)
      .as('ranked');
    return pageRows(executor, search, ranked, sql`${ranked.total}`, order(ranked));
  }

  /*
   * A search's statements, compiled once per shape (searchShape): building a statement through
   * the query builder cost more CPU than PostgreSQL spent running it, so each shape's SQL text is
   * kept and only its values are bound per request. Shapes are few in practice; the oldest is
   * dropped past COMPILED_SEARCHES.
   */
  const COMPILED_SEARCHES = 500;
  const compiledSearches = new Map<string, CompiledStatement>();
  function compiledSearch(kind: 'page' | 'count', search: ListingSearch): CompiledStatement {
    const key = `${kind}|${searchShape(search)}`;
    const cached = compiledSearches.get(key);
    if (cached) return cached;
    const parts = searchParts(search);
    const query =
      kind === 'count'
        ? countQuery(db, search, parts.where)
        : ranksMatches(search)
          ? rankedPageQuery(db, search, parts)
          : isNearestFirst(search)
            ? nearestPageQuery(db, search, parts)
            : isBoxedPage(search)
              ? boxPageQuery(db, search, parts)
              : pageQuery(db, search, parts);
    const { sql: text, params } = query.toSQL();
    const compiled = { text, params };
    if (compiledSearches.size >= COMPILED_SEARCHES) {
      compiledSearches.delete(compiledSearches.keys().next().value!);
    }
    compiledSearches.set(key, compiled);
    return compiled;
  }

  /** The statements of a search with its values (read by the index tests through EXPLAIN). */
  function searchQueries(search: ListingSearch) {
    const values = searchValues(search);
    const withValues = (statement: CompiledStatement) => ({
      toSQL: () => ({ sql: statement.text, params: fillPlaceholders(statement.params, values) }),
    });
    return {
      count: withValues(compiledSearch('count', search)),
      page: withValues(compiledSearch('page', search)),
    };
  }

  async function runSearch(search: ListingSearch) {
    const values = searchValues(search);
    const page = await queryRows(db, compiledSearch('page', search), values, { timestampsAsText: true });
    // A search shows no match past its limit, whatever page is asked for.
    const limit = matchLimit(search);
    const shown = limit === null ? page : page.slice(0, Math.max(0, limit - search.offset));
    const rows = shown.map(searchRow);
    let total: number;
    if (page[0]) total = Number(page[0][TOTAL_AT]);
    // Nothing matched, or the page is past the last one and no row carries the total.
    else if (search.offset === 0) total = 0;
    else total = Number((await queryRows(db, compiledSearch('count', search), values))[0]?.[0] ?? 0);
    // A limited search counts one past its limit to know that there are more.
    if (limit !== null && total > limit) return { rows, total: limit, totalCapped: true };
    return { rows, total, totalCapped: false };
  }

  return {
    searchQueries,

    /** One page of the listings `criteria` match, as `page.viewerId` may see them, with the total. */
    async search(criteria: ListingSearchCriteria, page: SearchPage) {
      const search = listingSearchOf(criteria, page);
      if (!search.q) return runSearch(search);
      return runSearch({ ...search, qCorrected: await correctSearchText(db, search.q) });
    },

    correctSearchText: (q: string) => correctSearchText(db, q),
  };
}
