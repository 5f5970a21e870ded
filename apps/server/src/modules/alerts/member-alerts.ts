import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { productAlerts } from '../../db/schema/index.js';

/** Deletes every saved search of a member (their account is being deleted) with its matches. */
export async function deleteMemberAlerts(executor: Executor, memberId: string): Promise<number> {
  const rows = await executor
    .delete(productAlerts)
    .where(eq(productAlerts.user_id, memberId))
    .returning({ id: productAlerts.id });
  return rows.length;
}
