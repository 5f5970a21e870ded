import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { products } from '../../db/schema/index.js';

/** Removes every listing of a member (their account is being deleted): soft-deleted, as a seller's delete. */
export async function removeMemberListings(executor: Executor, memberId: string): Promise<number> {
  const rows = await executor
    .update(products)
    .set({ deleted: true, deleted_at: sql`now()`, updated_at: sql`now()` })
    .where(and(eq(products.seller_id, memberId), eq(products.deleted, false)))
    .returning({ id: products.id });
  return rows.length;
}
