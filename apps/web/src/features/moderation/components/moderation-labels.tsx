import type { ModerationEntityType, ModerationPriority } from '@castline/shared';
import { cn } from '../../../lib/cn';

export const ENTITY_LABELS: Record<ModerationEntityType, string> = {
  product: 'Listing',
  forum_post: 'Forum post',
  forum_comment: 'Forum comment',
  message: 'Message',
  user: 'Member',
  review: 'Review',
};

/** A label for entity types the logs may hold beyond the reportable ones. */
export function entityLabel(type: string): string {
  return type in ENTITY_LABELS
    ? ENTITY_LABELS[type as ModerationEntityType]
    : type.charAt(0).toUpperCase() + type.slice(1).replace(/_/g, ' ');
}

const PRIORITY_STYLES: Record<ModerationPriority, string> = {
  low: 'bg-surface-muted text-ink-muted',
  medium: 'bg-brand-soft text-brand',
  high: 'bg-cta/20 text-ink',
  urgent: 'bg-danger text-white',
};

const PRIORITY_LABELS: Record<ModerationPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

/** "Urgent priority" and so on; the word carries the meaning, the colour only helps. */
export function PriorityBadge({ priority }: { priority: ModerationPriority }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        PRIORITY_STYLES[priority],
      )}
    >
      {`${PRIORITY_LABELS[priority]} priority`}
    </span>
  );
}

const STATUS_STYLES: Record<string, string> = {
  pending: 'bg-cta/15 text-ink',
  approved: 'bg-reed-soft text-reed',
  published: 'bg-reed-soft text-reed',
  active: 'bg-reed-soft text-reed',
  hidden: 'bg-surface-muted text-ink-muted',
  deleted: 'bg-danger-soft text-danger',
  flagged: 'bg-danger-soft text-danger',
};

/** A status chip ("Pending", "Hidden"…). */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        STATUS_STYLES[status] ?? 'bg-surface-muted text-ink-muted',
        className,
      )}
    >
      {status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ')}
    </span>
  );
}
