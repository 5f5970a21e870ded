import { eq, sql, type SQL } from 'drizzle-orm';
import { PRICE_GUIDE_MONTHS, PRICE_GUIDE_POINTS_MAX, type Category } from '@castline/shared';
import type { Database } from '../../db/client.js';
import { listingResourceColumns } from '../../db/listing-resource-columns.js';
import { orders, products, SOLD_LISTING_PREDICATE } from '../../db/schema/index.js';

/** The gear a price guide is for; sales of `excludeListingId` (the listing on the page) are left out. */
export interface PriceGuideGear {
  brand: string;
  model: string | null;
  category: Category;
  excludeListingId: string | null;
}

/** The sales of one level of match: how many, their median, lowest and highest, and the newest. */
export interface PriceGuideSales {
  count: number;
  median: number | null;
  low: number | null;
  high: number | null;
  /** The newest PRICE_GUIDE_POINTS_MAX sales, newest first; `sold_at` is the UTC day. */
  points: { price: number; sold_at: string }[];
}

export interface PriceGuideLevels {
  /** Sales of the same brand and model (in any category); none when no model was given. */
  model: PriceGuideSales;
  /** Sales of the same brand in the same category. */
  brand: PriceGuideSales;
}

/** A brand or model as compared: case and outer spaces aside (the index's expression). */
const folded = (value: SQL) => sql`lower(btrim(${value}))`;

/**
 * The statement behind a price guide: completed orders of the last PRICE_GUIDE_MONTHS months on
 * sold listings the public may still see, of the gear's brand and either its model or its
 * category (products_sold_brand_model_idx, over sold listings with a brand, serves both),
 * aggregated once per level: one row for the model, one for the brand in the category. Prices
 * are what the order was for (shipping aside); a sale marked sold by hand is a completed order
 * at the listing's price.
 */
export function priceGuideStatement(gear: PriceGuideGear): SQL {
  const brand = folded(sql`${gear.brand}::text`);
  const model = gear.model === null ? sql`null::text` : folded(sql`${gear.model}::text`);
  const sameModel = sql`${folded(sql`${products.model}`)} = ${model}`;
  const sameCategory = sql`${products.category} = ${gear.category}`;
  const excluded =
    gear.excludeListingId === null ? sql`` : sql` and ${products.id} <> ${gear.excludeListingId}::uuid`;
  const figures = sql.raw(`
      count(*)::int as count,
      round((percentile_cont(0.5) within group (order by price))::numeric, 2)::float8 as median,
      min(price)::float8 as low,
      max(price)::float8 as high,
      to_json((array_agg(json_build_object(
        'price', price::float8,
        'sold_at', to_char(completed_at at time zone 'UTC', 'YYYY-MM-DD')
      ) order by completed_at desc, id desc))[1:${PRICE_GUIDE_POINTS_MAX}])::text as points`);
  return sql`
    with sales as (
      select ${orders.id} as id, ${orders.price} as price, ${orders.completed_at} as completed_at,
        coalesce(${sameModel}, false) as same_model,
        ${sameCategory} as same_category
      from ${products}
      join ${orders} on ${orders.product_id} = ${products.id}
      where ${SOLD_LISTING_PREDICATE}
        and ${products.brand} is not null
        and ${folded(sql`${products.brand}`)} = ${brand}
        and (${sameModel} or ${sameCategory})${excluded}
        and ${orders.state} = 'completed'
        and ${orders.completed_at} >= now() - make_interval(months => ${PRICE_GUIDE_MONTHS}::int)
    )
    select 'model' as level, ${figures} from sales where same_model
    union all
    select 'brand' as level, ${figures} from sales where same_category`;
}

interface LevelRow {
  level: 'model' | 'brand';
  count: number;
  median: number | null;
  low: number | null;
  high: number | null;
  points: string | null;
}

function salesOf(row: LevelRow | undefined): PriceGuideSales {
  if (!row) return { count: 0, median: null, low: null, high: null, points: [] };
  return {
    count: Number(row.count),
    median: row.median === null ? null : Number(row.median),
    low: row.low === null ? null : Number(row.low),
    high: row.high === null ? null : Number(row.high),
    points: row.points ? (JSON.parse(row.points) as PriceGuideSales['points']) : [],
  };
}

/** What the same gear sold for: the price guide's reads. */
export function createListingsPriceGuideRepository(db: Database) {
  return {
    /** A listing's gear and what its page's visibility rules read; null when there is no such listing. */
    async findGear(id: string) {
      const [row] = await db
        .select({
          id: products.id,
          ...listingResourceColumns,
          brand: products.brand,
          model: products.model,
          category: products.category,
        })
        .from(products)
        .where(eq(products.id, id))
        .limit(1);
      return row ?? null;
    },

    async priceGuideSales(gear: PriceGuideGear): Promise<PriceGuideLevels> {
      const result = await db.execute(priceGuideStatement(gear));
      const rows = (result as unknown as { rows: LevelRow[] }).rows;
      return {
        model: salesOf(rows.find((row) => row.level === 'model')),
        brand: salesOf(rows.find((row) => row.level === 'brand')),
      };
    },
  };
}
