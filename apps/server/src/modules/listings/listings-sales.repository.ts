import { and, eq, ne, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import {
  messages,
  offers,
  productFavorites,
  productLikes,
  products,
  profiles,
} from '../../db/schema/index.js';
import type { Transaction } from '../../db/client.js';
import type { AfterCommit } from '../../platform/events/domain-events.js';

/** Work run inside a sale's transaction once the listing is sold (the `listing.sold` event). */
export type ListingSoldHook = (
  tx: Transaction,
  sold: { listingId: string; title: string; sellerId: string },
) => Promise<AfterCommit>;

const BUYER_CANDIDATES_LIMIT = 50;

/**
 * A listing's sale: marking it sold and the members who may be its buyer. (Its rating is the
 * buyer's review of the sale's order: the reviews module.)
 */
export function createListingsSalesRepository(db: Database) {
  return {
    /**
     * mark_product_as_sold: sold, hidden from the marketplace and one more sale for the seller,
     * all or nothing; `within` runs in the same transaction (the buyer is told and the listing's
     * open offers are settled there). Null when it was already sold.
     */
    async markSold(id: string, buyerId: string | null, within: ListingSoldHook): Promise<AfterCommit | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(products)
          .set({
            sold: true,
            sold_at: sql`now()`,
            buyer_id: buyerId,
            visible_in_marketplace: false,
            updated_at: sql`now()`,
          })
          .where(and(eq(products.id, id), eq(products.sold, false), eq(products.deleted, false)))
          .returning({ title: products.title, seller_id: products.seller_id });
        if (!row) return null;
        await tx
          .update(profiles)
          .set({ sales_count: sql`${profiles.sales_count} + 1` })
          .where(eq(profiles.id, row.seller_id));
        return within(tx, { listingId: id, title: row.title, sellerId: row.seller_id });
      });
    },

    /**
     * Members the seller may name as the buyer (never the seller): those who made an offer on
     * the listing (an accepted offer first), messaged the seller about it, liked or favourited
     * it; then latest interest first.
     */
    async buyerCandidates(listingId: string, sellerId: string) {
      const interest = unionAll(
        db
          .select({
            user_id: offers.buyer_id,
            at: offers.updated_at,
            rank: sql<number>`case when ${offers.status} = 'accepted' then 0 else 1 end`.as('rank'),
          })
          .from(offers)
          .where(eq(offers.product_id, listingId)),
        db
          .select({ user_id: messages.sender_id, at: messages.created_at, rank: sql<number>`1`.as('rank') })
          .from(messages)
          .where(and(eq(messages.product_id, listingId), eq(messages.recipient_id, sellerId))),
        db
          .select({
            user_id: productLikes.user_id,
            at: productLikes.created_at,
            rank: sql<number>`1`.as('rank'),
          })
          .from(productLikes)
          .where(eq(productLikes.product_id, listingId)),
        db
          .select({
            user_id: productFavorites.user_id,
            at: productFavorites.created_at,
            rank: sql<number>`1`.as('rank'),
          })
          .from(productFavorites)
          .where(eq(productFavorites.product_id, listingId)),
      ).as('interest');
      return db
        .select({ id: profiles.id, username: profiles.username, avatar_url: profiles.avatar_url })
        .from(interest)
        .innerJoin(profiles, eq(profiles.id, interest.user_id))
        .where(ne(profiles.id, sellerId))
        .groupBy(profiles.id, profiles.username, profiles.avatar_url)
        .orderBy(sql`min(${interest.rank}) asc`, sql`max(${interest.at}) desc`, profiles.username)
        .limit(BUYER_CANDIDATES_LIMIT);
    },
  };
}
