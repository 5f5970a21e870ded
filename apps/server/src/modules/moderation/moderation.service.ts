import type { FastifyBaseLogger } from 'fastify';
import type {
  CreateModerationRuleBody,
  CreateReportBody,
  MessageResponseDto,
  ModerationLogListDto,
  ModerationLogsQuery,
  ModerationQueueDto,
  ModerationQueueQuery,
  ModerationRuleListDto,
  ModerationRuleSavedDto,
  PendingListingsDto,
  PendingListingsQuery,
  RejectListingBody,
  ReviewAction,
  ReviewQueueItemBody,
  RuleKind,
  UpdateModerationRuleBody,
} from '@castline/shared';
import {
  MODERATION_LIMITS,
  MODERATION_MESSAGES as M,
  REPORT_REASON_PRIORITY,
  rulePatternProblem,
} from '@castline/shared';
import type { Actor } from '../../http/access-policy.js';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../http/errors.js';
import { writeAudit } from '../audit/index.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import type { ServerEvents } from '../../domain-events.js';
import { presentLog, presentPendingListing, presentQueueItem, presentRule } from './moderation.presenter.js';
import type { ModerationRepository } from './moderation.repository.js';
import { invalidateModerationRules } from './rules-engine.js';

export interface ModerationServiceDeps {
  repository: ModerationRepository;
  realtime?: RealtimePublisher | undefined;
  /** Where the service says what happened (`listing.reviewed`). */
  events: ServerEvents;
  logger: FastifyBaseLogger;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The queue status a review leaves. */
const REVIEW_STATUS: Record<ReviewAction, string> = {
  approve: 'approved',
  hide: 'hidden',
  delete: 'deleted',
  flag: 'flagged',
};

export function createModerationService({ repository, realtime, events, logger }: ModerationServiceDeps) {
  const { db } = repository;

  async function orFail<T>(message: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      logger.error({ err: error }, message);
      throw new AppError('INTERNAL', message);
    }
  }

  /** After commit: open forum lists and pages refetch (a failure only delays them). */
  function forumChanged(entity: 'post' | 'comment', postId: string | null, userId: string): void {
    if (!realtime) return;
    try {
      realtime.toEveryone({ type: 'content.changed', entity, post_id: postId, user_id: userId });
    } catch (error) {
      logger.warn({ err: error }, 'publishing a moderation change failed');
    }
  }

  async function reviewListing(
    actor: Actor,
    id: string,
    decision: { status: 'active' | 'hidden'; reason: string | null },
  ): Promise<MessageResponseDto> {
    if (!UUID.test(id)) throw new NotFoundError(M.listingNotFound);
    const approved = decision.status === 'active';
    const published = await orFail(M.listingReviewFailed, () =>
      repository.transaction(async (tx) => {
        const listing = await repository.lockListing(tx, id);
        if (!listing || listing.deleted) throw new NotFoundError(M.listingNotFound);
        if (listing.moderation_status !== 'pending') throw new ConflictError('CONFLICT', M.listingNotPending);
        await repository.setListingStatus(tx, id, decision.status, decision.reason);
        await repository.insertLog(tx, {
          moderatorId: actor.id,
          type: 'product',
          id,
          action: approved ? 'approve' : 'reject',
          reason: decision.reason,
        });
        await writeAudit(tx, {
          actorId: actor.id,
          action: approved ? 'listing.approve' : 'listing.reject',
          entityType: 'product',
          entityId: id,
          severity: approved ? 'low' : 'medium',
          oldData: { moderation_status: listing.moderation_status },
          newData: { moderation_status: decision.status, moderation_reason: decision.reason },
        });
        return events.inTransaction(tx, 'listing.reviewed', {
          listing: { id: listing.id, title: listing.title, seller_id: listing.seller_id },
          approved,
          reason: decision.reason,
        });
      }),
    );
    await published();
    return { message: approved ? M.listingApproved : M.listingRejected };
  }

  return {
    /** A member reports content they can see; one open report per member and item. */
    async report(actor: Actor, body: CreateReportBody): Promise<MessageResponseDto> {
      const entityId = body.entity_id.toLowerCase();
      if (!(await repository.reportable(actor.id, body.entity_type, entityId))) {
        throw new NotFoundError(M.reportTargetNotFound);
      }
      const reason = body.note ? `${body.reason}: ${body.note}` : body.reason;
      await orFail(M.reportFailed, () =>
        repository.transaction(async (tx) => {
          await repository.lockReport(tx, actor.id, body.entity_type, entityId);
          if (await repository.hasOpenReport(tx, actor.id, body.entity_type, entityId)) {
            throw new ConflictError('CONFLICT', M.alreadyReported);
          }
          await repository.insertReport(tx, {
            reporterId: actor.id,
            type: body.entity_type,
            id: entityId,
            priority: REPORT_REASON_PRIORITY[body.reason],
            reason,
          });
          const open = await repository.openReportCount(tx, body.entity_type, entityId);
          if (open >= MODERATION_LIMITS.urgentReportCount) {
            await repository.escalate(tx, body.entity_type, entityId);
          }
        }),
      );
      return { message: M.reported };
    },

    async queue(query: ModerationQueueQuery): Promise<ModerationQueueDto> {
      const { rows, total } = await repository.queuePage(
        query.status,
        query.priority,
        query.page,
        query.pageSize,
      );
      const summaries = await repository.summaries(rows);
      return {
        items: rows.map((row) => presentQueueItem(row, summaries.get(`${row.entity_type}:${row.entity_id}`))),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /**
     * Records a review (status, notes, reviewer, time). Any action but approve moderates the
     * content: delete removes it, hide hides it, flag flags it. Other open items on the same
     * content close with the same outcome.
     */
    async review(actor: Actor, id: string, body: ReviewQueueItemBody): Promise<MessageResponseDto> {
      if (!UUID.test(id)) throw new NotFoundError(M.queueItemNotFound);
      const notes = body.notes && body.notes.length > 0 ? body.notes : null;
      const changed = await orFail(M.moderateFailed, () =>
        repository.transaction(async (tx) => {
          const item = await repository.lockQueueItem(tx, id);
          if (!item) throw new NotFoundError(M.queueItemNotFound);
          const status = REVIEW_STATUS[body.action];
          await repository.closeItems(tx, item, { status, notes, reviewerId: actor.id });
          let postId: string | null = null;
          const reason = notes ?? item.reason;
          if (body.action === 'delete') {
            if (item.entity_type === 'forum_comment')
              postId = await repository.commentPostId(tx, item.entity_id);
            postId = (await repository.removeContent(tx, item.entity_type, item.entity_id, reason)) ?? postId;
          } else if (body.action !== 'approve') {
            await repository.setContentStatus(
              tx,
              item.entity_type,
              item.entity_id,
              body.action === 'hide' ? 'hidden' : 'flagged',
              reason,
            );
            if (item.entity_type === 'forum_post') postId = item.entity_id;
            if (item.entity_type === 'forum_comment')
              postId = await repository.commentPostId(tx, item.entity_id);
          }
          await repository.insertLog(tx, {
            moderatorId: actor.id,
            type: item.entity_type,
            id: item.entity_id,
            action: body.action,
            reason: notes,
          });
          await writeAudit(tx, {
            actorId: actor.id,
            action: 'moderation.review',
            entityType: item.entity_type,
            entityId: item.entity_id,
            severity: body.action === 'delete' ? 'high' : 'medium',
            oldData: { queue_item_id: item.id, status: item.status },
            newData: { queue_item_id: item.id, status, action: body.action, notes },
          });
          return { type: item.entity_type, postId };
        }),
      );
      if (changed.postId && (changed.type === 'forum_post' || changed.type === 'forum_comment')) {
        forumChanged(changed.type === 'forum_post' ? 'post' : 'comment', changed.postId, actor.id);
      }
      return { message: M.contentModerated };
    },

    async pendingListings(query: PendingListingsQuery): Promise<PendingListingsDto> {
      const { rows, total } = await repository.pendingListings(query.page, query.pageSize);
      return { items: rows.map(presentPendingListing), total, page: query.page, pageSize: query.pageSize };
    },

    approveListing(actor: Actor, id: string): Promise<MessageResponseDto> {
      return reviewListing(actor, id, { status: 'active', reason: null });
    },

    rejectListing(actor: Actor, id: string, body: RejectListingBody): Promise<MessageResponseDto> {
      return reviewListing(actor, id, { status: 'hidden', reason: body.reason });
    },

    async rules(): Promise<ModerationRuleListDto> {
      return { items: (await repository.rules()).map(presentRule) };
    },

    async createRule(actor: Actor, body: CreateModerationRuleBody): Promise<ModerationRuleSavedDto> {
      const id = await orFail(M.ruleCreateFailed, () =>
        repository.transaction(async (tx) => {
          const row = await repository.insertRule(tx, {
            name: body.name,
            kind: body.kind,
            pattern: body.pattern,
            action: body.action,
            applies_to: body.applies_to,
            is_active: body.is_active,
            created_by: actor.id,
          });
          await writeAudit(tx, {
            actorId: actor.id,
            action: 'moderation.rule.create',
            entityType: 'moderation_rule',
            entityId: row.id,
            severity: 'medium',
            newData: { name: row.name, kind: row.kind, pattern: row.pattern, action: row.action },
          });
          return row.id;
        }),
      );
      invalidateModerationRules(db);
      const rule = await repository.rule(db, id);
      if (!rule) throw new NotFoundError(M.ruleNotFound);
      return { message: M.ruleCreated, rule: presentRule(rule) };
    },

    async updateRule(
      actor: Actor,
      id: string,
      body: UpdateModerationRuleBody,
    ): Promise<ModerationRuleSavedDto> {
      if (!UUID.test(id)) throw new NotFoundError(M.ruleNotFound);
      await orFail(M.ruleUpdateFailed, () =>
        repository.transaction(async (tx) => {
          const current = await repository.lockRule(tx, id);
          if (!current) throw new NotFoundError(M.ruleNotFound);
          const kind = (body.kind ?? current.kind) as RuleKind;
          const pattern = body.pattern ?? current.pattern;
          if (body.kind !== undefined || body.pattern !== undefined) {
            const problem = rulePatternProblem(kind, pattern);
            if (problem) throw new ValidationError(problem, [{ path: 'pattern', message: problem }]);
          }
          const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
          await repository.updateRule(tx, id, changes);
          await writeAudit(tx, {
            actorId: actor.id,
            action: 'moderation.rule.update',
            entityType: 'moderation_rule',
            entityId: id,
            severity: 'medium',
            oldData: {
              name: current.name,
              kind: current.kind,
              pattern: current.pattern,
              action: current.action,
              applies_to: current.applies_to,
              is_active: current.is_active,
            },
            newData: changes,
          });
        }),
      );
      invalidateModerationRules(db);
      const rule = await repository.rule(db, id);
      if (!rule) throw new NotFoundError(M.ruleNotFound);
      return { message: M.ruleUpdated, rule: presentRule(rule) };
    },

    async deleteRule(actor: Actor, id: string): Promise<MessageResponseDto> {
      if (!UUID.test(id)) throw new NotFoundError(M.ruleNotFound);
      await orFail(M.ruleDeleteFailed, () =>
        repository.transaction(async (tx) => {
          const current = await repository.lockRule(tx, id);
          if (!current) throw new NotFoundError(M.ruleNotFound);
          await repository.deleteRule(tx, id);
          await writeAudit(tx, {
            actorId: actor.id,
            action: 'moderation.rule.delete',
            entityType: 'moderation_rule',
            entityId: id,
            severity: 'medium',
            oldData: {
              name: current.name,
              kind: current.kind,
              pattern: current.pattern,
              action: current.action,
            },
          });
        }),
      );
      invalidateModerationRules(db);
      return { message: M.ruleDeleted };
    },

    async logs(query: ModerationLogsQuery): Promise<ModerationLogListDto> {
      const { rows, total } = await repository.logs(query.page, query.pageSize);
      return { items: rows.map(presentLog), total, page: query.page, pageSize: query.pageSize };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
