import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { PUBLIC_LISTING_PREDICATE } from '../../db/schema/index.js';

/** How much public talk and gear carry one tag. */
export interface TagCounts {
  topics: number;
  listings: number;
}

interface CountRow {
  tag: string;
  count: number | string;
}

/**
 * The tags' counts, over what anyone may see: published topics and listings for sale in the
 * marketplace (PUBLIC_LISTING_PREDICATE). `tags` is a text[] on posts and products with a GIN
 * index each (products_tags_idx, posts_tags_idx): one tag's count is an index scan of `@>`.
 */
export function createTagsRepository(db: Database) {
  async function rows(statement: SQL): Promise<CountRow[]> {
    const result = await db.execute(statement);
    return (result as unknown as { rows: CountRow[] }).rows;
  }

  return {
    /** Every tag in use with its counts (tags in use by nothing are absent). */
    async allCounts(): Promise<Map<string, TagCounts>> {
      const [listings, topics] = await Promise.all([
        rows(
          sql`select t.tag, count(*)::int as count from products, unnest(products.tags) as t(tag) where ${PUBLIC_LISTING_PREDICATE} group by t.tag`,
        ),
        rows(
          sql`select t.tag, count(*)::int as count from posts, unnest(posts.tags) as t(tag) where posts.status = 'published' group by t.tag`,
        ),
      ]);
      const counts = new Map<string, TagCounts>();
      const entry = (tag: string) => {
        const found = counts.get(tag) ?? { topics: 0, listings: 0 };
        counts.set(tag, found);
        return found;
      };
      for (const row of listings) entry(row.tag).listings = Number(row.count);
      for (const row of topics) entry(row.tag).topics = Number(row.count);
      return counts;
    },

    /** One tag's counts. */
    async countsOf(slug: string): Promise<TagCounts> {
      const tagged = sql`array[${slug}]::text[]`;
      const [listings, topics] = await Promise.all([
        rows(
          sql`select null as tag, count(*)::int as count from products where ${PUBLIC_LISTING_PREDICATE} and products.tags @> ${tagged}`,
        ),
        rows(
          sql`select null as tag, count(*)::int as count from posts where posts.status = 'published' and posts.tags @> ${tagged}`,
        ),
      ]);
      return { listings: Number(listings[0]?.count ?? 0), topics: Number(topics[0]?.count ?? 0) };
    },
  };
}

export type TagsRepository = ReturnType<typeof createTagsRepository>;
