import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { products, profiles } from '../../db/schema/index.js';
import { AWAITING_APPROVAL_REASON, BANNED_CONTENT_REASON } from '../../db/moderation-reasons.js';
import { person, type PersonRow } from './moderation-people.js';

export interface PendingListingRow {
  id: string;
  title: string;
  description: string | null;
  price: number;
  category: string;
  images: string[];
  created_at: Date;
  seller: PersonRow;
}

/** Listing approval: the listings waiting for it, and approving or rejecting one. */
export function createModerationApprovalRepository(db: Database) {
  return {
    async pendingListings(
      page: number,
      pageSize: number,
    ): Promise<{ rows: PendingListingRow[]; total: number }> {
      const where = and(eq(products.moderation_status, 'pending'), eq(products.deleted, false));
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: products.id,
            title: products.title,
            description: products.description,
            price: products.price,
            category: products.category,
            images: products.images,
            created_at: products.created_at,
            seller: person(profiles),
          })
          .from(products)
          .innerJoin(profiles, eq(profiles.id, products.seller_id))
          .where(where)
          .orderBy(asc(products.created_at), asc(products.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(products).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async lockListing(
      tx: Transaction,
      id: string,
    ): Promise<{
      id: string;
      title: string;
      seller_id: string;
      moderation_status: string;
      deleted: boolean;
    } | null> {
      const [row] = await tx
        .select({
          id: products.id,
          title: products.title,
          seller_id: products.seller_id,
          moderation_status: products.moderation_status,
          deleted: products.deleted,
        })
        .from(products)
        .where(eq(products.id, id))
        .for('update');
      return row ?? null;
    },

    async setListingStatus(
      tx: Transaction,
      id: string,
      status: 'active' | 'hidden',
      reason: string | null,
    ): Promise<void> {
      // Approval brings a listing that waited for it into public view, unless its seller has been
      // banned meanwhile: then it stays out, marked so that lifting the ban restores it.
      const awaiting = sql`${products.moderation_reason} = ${AWAITING_APPROVAL_REASON}`;
      const sellerBanned = sql`exists (select 1 from profiles p where p.id = ${products.seller_id} and p.status = 'banned')`;
      await tx
        .update(products)
        .set({
          moderation_status: status,
          moderation_reason:
            status === 'active'
              ? sql`case when ${awaiting} and ${sellerBanned} then ${BANNED_CONTENT_REASON} else null end`
              : reason,
          visible_in_marketplace:
            status === 'active'
              ? sql`case when ${awaiting} then not ${sellerBanned} else ${products.visible_in_marketplace} end`
              : products.visible_in_marketplace,
          updated_at: sql`now()`,
        })
        .where(eq(products.id, id));
    },
  };
}
