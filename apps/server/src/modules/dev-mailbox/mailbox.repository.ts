import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';

export type OutboxMail = typeof mailOutbox.$inferSelect;

export function createMailboxRepository(db: Database) {
  return {
    async latest(limit: number, to?: string): Promise<OutboxMail[]> {
      const query = db.select().from(mailOutbox);
      const filtered = to ? query.where(eq(mailOutbox.to_address, to)) : query;
      return filtered.orderBy(desc(mailOutbox.created_at)).limit(limit);
    },
    async find(id: string): Promise<OutboxMail | null> {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
      return row ?? null;
    },
  };
}
