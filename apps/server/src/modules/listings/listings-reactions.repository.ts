import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { listingViews, productFavorites, productLikes, products, profiles } from '../../db/schema/index.js';
import { listingColumns } from './listings-rows.js';

/** What readers do with a listing: likes, favourites (and the member's list of them), views. */
export function createListingsReactionsRepository(db: Database) {
  return {
    /**
     * Flips the caller's like or favourite. The count moves only by rows really inserted or
     * deleted, so concurrent toggles never drift.
     */
    async toggle(kind: 'like' | 'favorite', listingId: string, userId: string) {
      const table = kind === 'like' ? productLikes : productFavorites;
      const counter = kind === 'like' ? products.likes_count : products.favorites_count;
      return db.transaction(async (tx) => {
        const bump = async (delta: 1 | -1) => {
          const [row] = await tx
            .update(products)
            .set(
              kind === 'like'
                ? { likes_count: sql`greatest(${counter} + ${delta}, 0)` }
                : { favorites_count: sql`greatest(${counter} + ${delta}, 0)` },
            )
            .where(eq(products.id, listingId))
            .returning({ count: counter });
          return row?.count ?? 0;
        };
        const inserted = await tx
          .insert(table)
          .values({ product_id: listingId, user_id: userId })
          .onConflictDoNothing()
          .returning({ user_id: table.user_id });
        if (inserted.length > 0) return { active: true, count: await bump(1) };
        const deleted = await tx
          .delete(table)
          .where(and(eq(table.product_id, listingId), eq(table.user_id, userId)))
          .returning({ user_id: table.user_id });
        if (deleted.length > 0) return { active: false, count: await bump(-1) };
        const [row] = await tx.select({ count: counter }).from(products).where(eq(products.id, listingId));
        return { active: false, count: row?.count ?? 0 };
      });
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
