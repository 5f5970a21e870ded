import { z } from 'zod';
import {
  MODERATION_ENTITY_TYPES,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  MODERATION_PRIORITIES,
  MODERATION_QUEUE_STATUSES,
  REPORT_REASONS,
  REVIEW_ACTIONS,
  RULE_ACTIONS,
  RULE_KINDS,
  RULE_TARGETS,
  rulePatternProblem,
} from './moderation-constants.js';

export const ModerationEntityType = z.enum(MODERATION_ENTITY_TYPES);
export type ModerationEntityType = z.infer<typeof ModerationEntityType>;

export const RuleTarget = z.enum(RULE_TARGETS);
export type RuleTarget = z.infer<typeof RuleTarget>;

export const ReportReason = z.enum(REPORT_REASONS);
export type ReportReason = z.infer<typeof ReportReason>;

export const ModerationPriority = z.enum(MODERATION_PRIORITIES);
export type ModerationPriority = z.infer<typeof ModerationPriority>;

export const ModerationQueueStatus = z.enum(MODERATION_QUEUE_STATUSES);
export type ModerationQueueStatus = z.infer<typeof ModerationQueueStatus>;

export const ReviewAction = z.enum(REVIEW_ACTIONS);
export type ReviewAction = z.infer<typeof ReviewAction>;

export const RuleKind = z.enum(RULE_KINDS);
export type RuleKind = z.infer<typeof RuleKind>;

export const RuleAction = z.enum(RULE_ACTIONS);
export type RuleAction = z.infer<typeof RuleAction>;

// ---- Reports ----

export const CreateReportBody = z.object({
  entity_type: ModerationEntityType,
  entity_id: z.string().uuid({ message: 'The reported content was not found' }),
  reason: ReportReason,
  note: z.string().trim().max(MODERATION_LIMITS.reportNoteMax, MODERATION_MESSAGES.noteTooLong).optional(),
});
export type CreateReportBody = z.infer<typeof CreateReportBody>;

// ---- Queue ----

export const ModerationQueueQuery = z.object({
  status: z.enum(['pending', 'all']).default('pending'),
  priority: z.enum(['all', ...MODERATION_PRIORITIES]).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(MODERATION_LIMITS.pageSize),
});
export type ModerationQueueQuery = z.infer<typeof ModerationQueueQuery>;

export const ModerationPersonDto = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
});
export type ModerationPersonDto = z.infer<typeof ModerationPersonDto>;

/** A short view of the moderated item; `exists` is false once it is gone. */
export const ModerationEntitySummaryDto = z.object({
  exists: z.boolean(),
  title: z.string().nullable(),
  excerpt: z.string().nullable(),
  status: z.string().nullable(),
  author: ModerationPersonDto.nullable(),
  /** Where staff can open the item in the app, when it has a page. */
  href: z.string().nullable(),
});
export type ModerationEntitySummaryDto = z.infer<typeof ModerationEntitySummaryDto>;

export const ModerationQueueItemDto = z.object({
  id: z.string(),
  entity_type: ModerationEntityType,
  entity_id: z.string(),
  status: z.string(),
  priority: ModerationPriority,
  reason: z.string().nullable(),
  notes: z.string().nullable(),
  reporter: ModerationPersonDto.nullable(),
  reviewed_by: ModerationPersonDto.nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
  entity: ModerationEntitySummaryDto,
});
export type ModerationQueueItemDto = z.infer<typeof ModerationQueueItemDto>;

export const ModerationQueueDto = z.object({
  items: z.array(ModerationQueueItemDto),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ModerationQueueDto = z.infer<typeof ModerationQueueDto>;

export const ReviewQueueItemBody = z.object({
  action: ReviewAction,
  notes: z.string().trim().max(MODERATION_LIMITS.reviewNotesMax).optional(),
});
export type ReviewQueueItemBody = z.infer<typeof ReviewQueueItemBody>;

export const ModerationIdParams = z.object({ id: z.string() });

// ---- Listing approval ----

export const PendingListingsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(MODERATION_LIMITS.pageSize),
});
export type PendingListingsQuery = z.infer<typeof PendingListingsQuery>;

export const PendingListingDto = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  price: z.string(),
  category: z.string().nullable(),
  image: z.string().nullable(),
  seller: ModerationPersonDto,
  created_at: z.string(),
});
export type PendingListingDto = z.infer<typeof PendingListingDto>;

export const PendingListingsDto = z.object({
  items: z.array(PendingListingDto),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PendingListingsDto = z.infer<typeof PendingListingsDto>;

export const RejectListingBody = z.object({
  reason: z
    .string({ message: MODERATION_MESSAGES.rejectReasonRequired })
    .trim()
    .min(1, MODERATION_MESSAGES.rejectReasonRequired)
    .max(MODERATION_LIMITS.rejectReasonMax),
});
export type RejectListingBody = z.infer<typeof RejectListingBody>;

// ---- Rules ----

const RuleFields = {
  name: z
    .string({ message: MODERATION_MESSAGES.ruleNameRequired })
    .trim()
    .min(1, MODERATION_MESSAGES.ruleNameRequired)
    .max(MODERATION_LIMITS.ruleNameMax),
  kind: RuleKind,
  pattern: z
    .string({ message: MODERATION_MESSAGES.rulePatternRequired })
    .trim()
    .min(1, MODERATION_MESSAGES.rulePatternRequired)
    .max(MODERATION_LIMITS.rulePatternMax, MODERATION_MESSAGES.rulePatternTooLong),
  action: RuleAction,
  applies_to: z
    .array(RuleTarget)
    .min(1, MODERATION_MESSAGES.ruleAppliesToRequired)
    .transform((values) => [...new Set(values)]),
  is_active: z.boolean(),
};

export const CreateModerationRuleBody = z
  .object({
    ...RuleFields,
    applies_to: RuleFields.applies_to.default([...RULE_TARGETS]),
    is_active: z.boolean().default(true),
  })
  .superRefine((rule, ctx) => {
    const problem = rulePatternProblem(rule.kind, rule.pattern);
    if (problem) ctx.addIssue({ code: 'custom', path: ['pattern'], message: problem });
  });
export type CreateModerationRuleBody = z.infer<typeof CreateModerationRuleBody>;

/** A partial change; the pattern is checked against the rule's resulting kind on the server. */
export const UpdateModerationRuleBody = z.object(RuleFields).partial();
export type UpdateModerationRuleBody = z.infer<typeof UpdateModerationRuleBody>;

export const ModerationRuleDto = z.object({
  id: z.string(),
  name: z.string(),
  kind: RuleKind,
  pattern: z.string(),
  action: RuleAction,
  applies_to: z.array(RuleTarget),
  is_active: z.boolean(),
  created_by: ModerationPersonDto.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ModerationRuleDto = z.infer<typeof ModerationRuleDto>;

export const ModerationRuleListDto = z.object({ items: z.array(ModerationRuleDto) });
export type ModerationRuleListDto = z.infer<typeof ModerationRuleListDto>;

export const ModerationRuleSavedDto = z.object({ message: z.string(), rule: ModerationRuleDto });
export type ModerationRuleSavedDto = z.infer<typeof ModerationRuleSavedDto>;

// ---- Logs ----

export const ModerationLogsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(MODERATION_LIMITS.pageSize),
});
export type ModerationLogsQuery = z.infer<typeof ModerationLogsQuery>;

export const ModerationLogDto = z.object({
  id: z.string(),
  entity_type: z.string(),
  entity_id: z.string(),
  action: z.string(),
  reason: z.string().nullable(),
  /** The rule behind an automatic action (null for a moderator's). */
  rule: z.object({ id: z.string(), name: z.string() }).nullable(),
  moderator: ModerationPersonDto.nullable(),
  created_at: z.string(),
});
export type ModerationLogDto = z.infer<typeof ModerationLogDto>;

export const ModerationLogListDto = z.object({
  items: z.array(ModerationLogDto),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ModerationLogListDto = z.infer<typeof ModerationLogListDto>;
