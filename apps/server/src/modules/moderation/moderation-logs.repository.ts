import { count, desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { moderationLogs, moderationRules, profiles } from '../../db/schema/index.js';
import { person, personOrNull, type PersonRow } from './moderation-people.js';

export interface LogListRow {
  id: string;
  entity_type: string;
  entity_id: string;
  action: string;
  reason: string | null;
  created_at: Date;
  rule_id: string | null;
  rule_name: string | null;
  moderator: PersonRow | null;
}

/** The moderation log: every moderation action with its rule or moderator. */
export function createModerationLogsRepository(db: Database) {
  return {
    async insertLog(
      tx: Executor,
      values: {
        moderatorId: string | null;
        ruleId?: string | null;
        type: string;
        id: string;
        action: string;
        reason: string | null;
      },
    ): Promise<void> {
      await tx.insert(moderationLogs).values({
        moderator_id: values.moderatorId,
        rule_id: values.ruleId ?? null,
        entity_type: values.type,
        entity_id: values.id,
        action: values.action,
        reason: values.reason,
      });
    },

    async logs(page: number, pageSize: number): Promise<{ rows: LogListRow[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: moderationLogs.id,
            entity_type: moderationLogs.entity_type,
            entity_id: moderationLogs.entity_id,
            action: moderationLogs.action,
            reason: moderationLogs.reason,
            created_at: moderationLogs.created_at,
            rule_id: moderationLogs.rule_id,
            rule_name: moderationRules.name,
            moderator: person(profiles),
          })
          .from(moderationLogs)
          .leftJoin(moderationRules, eq(moderationRules.id, moderationLogs.rule_id))
          .leftJoin(profiles, eq(profiles.id, moderationLogs.moderator_id))
          .orderBy(desc(moderationLogs.created_at), desc(moderationLogs.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(moderationLogs),
      ]);
      return {
        rows: rows.map((row) => ({ ...row, moderator: personOrNull(row.moderator) })),
        total: total?.n ?? 0,
      };
    },
  };
}
