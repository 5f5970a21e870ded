import { desc, eq, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { moderationRules, profiles } from '../../db/schema/index.js';
import { person, personOrNull, type PersonRow } from './moderation-people.js';

export type RuleRow = typeof moderationRules.$inferSelect;

export interface RuleListRow extends RuleRow {
  creator: PersonRow | null;
}

/** The moderation rules, with who created each. */
export function createModerationRulesRepository(db: Database) {
  return {
    async rules(): Promise<RuleListRow[]> {
      const rows = await db
        .select({ rule: moderationRules, creator: person(profiles) })
        .from(moderationRules)
        .leftJoin(profiles, eq(profiles.id, moderationRules.created_by))
        .orderBy(desc(moderationRules.created_at), desc(moderationRules.id));
      return rows.map((row) => ({ ...row.rule, creator: personOrNull(row.creator) }));
    },

    async rule(executor: Executor, id: string): Promise<RuleListRow | null> {
      const [row] = await executor
        .select({ rule: moderationRules, creator: person(profiles) })
        .from(moderationRules)
        .leftJoin(profiles, eq(profiles.id, moderationRules.created_by))
        .where(eq(moderationRules.id, id));
      return row ? { ...row.rule, creator: personOrNull(row.creator) } : null;
    },

    async insertRule(
      tx: Transaction,
      values: Pick<
        RuleRow,
        'name' | 'kind' | 'pattern' | 'action' | 'applies_to' | 'is_active' | 'created_by'
      >,
    ): Promise<RuleRow> {
      const [row] = await tx.insert(moderationRules).values(values).returning();
      if (!row) throw new Error('inserting a moderation rule returned nothing');
      return row;
    },

    async lockRule(tx: Transaction, id: string): Promise<RuleRow | null> {
      const [row] = await tx.select().from(moderationRules).where(eq(moderationRules.id, id)).for('update');
      return row ?? null;
    },

    async updateRule(
      tx: Transaction,
      id: string,
      values: Partial<Pick<RuleRow, 'name' | 'kind' | 'pattern' | 'action' | 'applies_to' | 'is_active'>>,
    ): Promise<void> {
      await tx
        .update(moderationRules)
        .set({ ...values, updated_at: sql`now()` })
        .where(eq(moderationRules.id, id));
    },

    async deleteRule(tx: Transaction, id: string): Promise<void> {
      await tx.delete(moderationRules).where(eq(moderationRules.id, id));
    },
  };
}
