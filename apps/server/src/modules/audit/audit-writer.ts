import type { Executor } from '../../db/client.js';
import { auditLogs } from '../../db/schema/index.js';

export type AuditSeverity = 'low' | 'medium' | 'high' | 'critical';

/** One staff action for the audit log (spec 001 §3 audit_logs). */
export interface AuditEntry {
  /** Who acted (null for the system). */
  actorId: string | null;
  /** A stable verb, e.g. 'user.ban', 'user.unban', 'user.role', 'moderation.review'. */
  action: string;
  entityType: string;
  entityId: string | null;
  severity: AuditSeverity;
  oldData?: Record<string, unknown> | null;
  newData?: Record<string, unknown> | null;
}

/**
 * Writes an audit row inside the caller's transaction, so the action and its record commit
 * together. Rows are append-only (a database trigger refuses UPDATE and DELETE).
 */
export async function writeAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLogs).values({
    user_id: entry.actorId,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId,
    severity: entry.severity,
    old_data: entry.oldData ?? null,
    new_data: entry.newData ?? null,
  });
}
