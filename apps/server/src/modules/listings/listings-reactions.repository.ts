import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { listingViews, productFavorites, productLikes, products, profiles } from '../../db/schema/index.js';
import { listingColumns } from './listings-rows.js';

/** What readers do with a listing: likes, favourites (and the member's list of them), views. */
export function createListingsReactionsRepository(db: Database) {
  return {
    /**
     * Flips the caller's like or favourite in one statement: the row is inserted, or deleted when
     * it was there, and the count moves by the rows really inserted or deleted, so concurrent
     * toggles never drift. The statement's parts share one snapshot: a row another toggle
     * committed after it began is neither inserted (the conflict) nor deleted (not seen), and the
     * count stays.
     */
    async toggle(kind: 'like' | 'favorite', listingId: string, userId: string) {
      const table = kind === 'like' ? productLikes : productFavorites;
      const counter = kind === 'like' ? 'likes_count' : 'favorites_count';
      const result = await db.execute<{ active: boolean; count: number | null }>(sql`
        with inserted as (
          insert into ${table} (product_id, user_id) values (${listingId}, ${userId})
          on conflict do nothing
          returning 1
        ), deleted as (
          delete from ${table}
          where ${table.product_id} = ${listingId} and ${table.user_id} = ${userId}
          returning 1
        ), counted as (
          update ${products}
          set ${sql.identifier(counter)} = greatest(${sql.identifier(counter)}
            + (select count(*) from inserted) - (select count(*) from deleted), 0)
          where ${products.id} = ${listingId}
          returning ${sql.identifier(counter)} as count
        )
        select exists (select 1 from inserted) as active, (select count from counted) as count`);
      const [row] = (result as unknown as { rows: { active: boolean; count: number | null }[] }).rows;
      return { active: row?.active === true, count: Number(row?.count ?? 0) };
    },

    /** The caller's favourites, newest favourite first; deleted ones and others' hidden ones left out. */
    async favorites(userId: string, limit: number, offset: number) {
      const where = and(
        eq(productFavorites.user_id, userId),
        eq(products.deleted, false),
        or(inArray(products.moderation_status, ['active', 'pending']), eq(products.seller_id, userId)),
      );
      const [counted] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(productFavorites)
        .innerJoin(products, eq(products.id, productFavorites.product_id))
        .where(where);
      const rows = await db
        .select(listingColumns(userId, null))
        .from(productFavorites)
        .innerJoin(products, eq(products.id, productFavorites.product_id))
        .innerJoin(profiles, eq(profiles.id, products.seller_id))
        .where(where)
        .orderBy(desc(productFavorites.created_at), products.id)
        .limit(limit)
        .offset(offset);
      return { rows, total: counted?.total ?? 0 };
    },

    /**
     * One reader's view of a listing on `day` (decision 0015): the row, and one more on the
     * listing's views_count, in one transaction; nothing when this reader was counted that day
     * already. True when the view was new.
     */
    async recordView(listingId: string, day: string, viewerKey: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(listingViews)
          .values({ product_id: listingId, day, viewer_key: viewerKey })
          .onConflictDoNothing()
          .returning({ product_id: listingViews.product_id });
        if (inserted.length === 0) return false;
        await tx
          .update(products)
          .set({ views_count: sql`${products.views_count} + 1` })
          .where(eq(products.id, listingId));
        return true;
      });
    },
  };
}
