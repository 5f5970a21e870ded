import type {
  ModerationEntitySummaryDto,
  ModerationEntityType,
  ModerationLogDto,
  ModerationPriority,
  ModerationQueueItemDto,
  ModerationRuleDto,
  PendingListingDto,
  RuleAction,
  RuleKind,
  RuleTarget,
} from '@castline/shared';
import type { PendingListingRow } from './moderation-approval.repository.js';
import type { LogListRow } from './moderation-logs.repository.js';
import type { EntitySummaryRow, QueueListRow } from './moderation-queue.repository.js';
import type { RuleListRow } from './moderation-rules.repository.js';

function hrefOf(type: string, id: string, summary: EntitySummaryRow): string | null {
  switch (type) {
    case 'product':
      return `/marketplace/${id}`;
    case 'forum_post':
      return `/forum/post/${id}`;
    case 'forum_comment':
      return summary.post_id ? `/forum/post/${summary.post_id}` : null;
    case 'review':
      return summary.reviewee_id ? `/profile/${summary.reviewee_id}` : null;
    case 'user':
      return `/profile/${id}`;
    default:
      return null;
  }
}

export function presentSummary(
  type: string,
  id: string,
  summary: EntitySummaryRow | undefined,
): ModerationEntitySummaryDto {
  if (!summary) return { exists: false, title: null, excerpt: null, status: null, author: null, href: null };
  return {
    exists: true,
    title: summary.title,
    excerpt: summary.excerpt,
    status: summary.status,
    author: summary.author,
    href: hrefOf(type, id, summary),
  };
}

export function presentQueueItem(
  row: QueueListRow,
  summary: EntitySummaryRow | undefined,
): ModerationQueueItemDto {
  return {
    id: row.id,
    entity_type: row.entity_type as ModerationEntityType,
    entity_id: row.entity_id,
    status: row.status,
    priority: row.priority as ModerationPriority,
    reason: row.reason,
    notes: row.notes,
    reporter: row.reporter,
    reviewed_by: row.reviewer,
    reviewed_at: row.reviewed_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    entity: presentSummary(row.entity_type, row.entity_id, summary),
  };
}

export function presentPendingListing(row: PendingListingRow): PendingListingDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: row.price.toFixed(2),
    category: row.category,
    image: row.images[0] ?? null,
    seller: row.seller,
    created_at: row.created_at.toISOString(),
  };
}

export function presentRule(row: RuleListRow): ModerationRuleDto {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as RuleKind,
    pattern: row.pattern,
    action: row.action as RuleAction,
    applies_to: row.applies_to as RuleTarget[],
    is_active: row.is_active,
    created_by: row.creator,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentLog(row: LogListRow): ModerationLogDto {
  return {
    id: row.id,
    entity_type: row.entity_type,
    entity_id: row.entity_id,
    action: row.action,
    reason: row.reason,
    rule: row.rule_id ? { id: row.rule_id, name: row.rule_name ?? '' } : null,
    moderator: row.moderator,
    created_at: row.created_at.toISOString(),
  };
}
