import type { Database, Transaction } from '../../db/client.js';
import { createModerationApprovalRepository } from './moderation-approval.repository.js';
import { createModerationContentRepository } from './moderation-content.repository.js';
import { createModerationLogsRepository } from './moderation-logs.repository.js';
import { createModerationQueueRepository } from './moderation-queue.repository.js';
import { createModerationReportsRepository } from './moderation-reports.repository.js';
import { createModerationRulesRepository } from './moderation-rules.repository.js';

/**
 * The moderation module's SQL, one part per concern: reports, the queue, what a review does to
 * the content, listing approval, rules and the moderation log.
 */
export function createModerationRepository(db: Database) {
  return {
    db,

    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    ...createModerationReportsRepository(db),
    ...createModerationQueueRepository(db),
    ...createModerationContentRepository(),
    ...createModerationApprovalRepository(db),
    ...createModerationRulesRepository(db),
    ...createModerationLogsRepository(db),
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;
