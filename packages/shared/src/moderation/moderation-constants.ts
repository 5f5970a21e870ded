// Moderation's plain values (no zod): the report dialog and the admin pages read these without the schemas.
import type { ModerationPriority, ReportReason, RuleKind } from './moderation.schemas.js';

/**
 * What members may report and what the moderation queue holds (spec 001 §3 moderation_queue).
 * `review`: an order review, its body and its reply as one item.
 */
export const MODERATION_ENTITY_TYPES = [
  'product',
  'forum_post',
  'forum_comment',
  'message',
  'user',
  'review',
] as const;

/** What rules are checked against: the content members write. */
export const RULE_TARGETS = ['product', 'forum_post', 'forum_comment', 'message', 'review'] as const;

export const REPORT_REASONS = ['spam', 'scam', 'offensive', 'prohibited', 'other'] as const;

export const MODERATION_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;

export const MODERATION_QUEUE_STATUSES = ['pending', 'approved', 'hidden', 'deleted', 'flagged'] as const;

export const REVIEW_ACTIONS = ['approve', 'hide', 'delete', 'flag'] as const;

export const RULE_KINDS = ['word', 'phrase', 'pattern'] as const;

export const RULE_ACTIONS = ['flag', 'hide', 'queue'] as const;

export const MODERATION_LIMITS = {
  reportNoteMax: 500,
  reviewNotesMax: 1000,
  rejectReasonMax: 500,
  ruleNameMax: 100,
  rulePatternMax: 200,
  pageSize: 10,
  /** This many open reports on one item make it urgent. */
  urgentReportCount: 3,
  /** Active rules are cached this long (and dropped at once when one changes). */
  rulesCacheMs: 30_000,
} as const;

/** The queue priority a report's reason gives (before the open-report count makes it urgent). */
export const REPORT_REASON_PRIORITY: Record<ReportReason, ModerationPriority> = {
  scam: 'high',
  prohibited: 'high',
  offensive: 'medium',
  spam: 'low',
  other: 'low',
};

export const MODERATION_MESSAGES = {
  reported: 'Thanks, our moderators will take a look',
  alreadyReported: 'You have already reported this',
  reportTargetNotFound: 'The reported content was not found',
  reportFailed: 'Failed to send the report',
  contentModerated: 'Content moderated successfully',
  moderateFailed: 'Failed to moderate content',
  queueItemNotFound: 'Moderation queue item not found',
  alreadyReviewed: 'This item has already been reviewed',
  listingApproved: 'Listing approved',
  listingRejected: 'Listing rejected',
  listingNotFound: 'Listing not found',
  listingNotPending: 'This listing is not waiting for approval',
  listingReviewFailed: 'Failed to review the listing',
  ruleCreated: 'Moderation rule created',
  ruleUpdated: 'Moderation rule updated',
  ruleDeleted: 'Moderation rule deleted',
  ruleCreateFailed: 'Failed to create moderation rule',
  ruleUpdateFailed: 'Failed to update moderation rule',
  ruleDeleteFailed: 'Failed to delete moderation rule',
  ruleNotFound: 'Moderation rule not found',
  ruleNameRequired: 'Rule name is required',
  rulePatternRequired: 'Pattern is required',
  rulePatternTooLong: 'Pattern must be at most 200 characters',
  ruleInvalidRegex: 'Pattern is not a valid regular expression',
  ruleUnsafeRegex: 'Pattern has nested repetition such as (a+)+, which can make matching hang; simplify it',
  ruleWordSingle: 'A word rule must be a single word without spaces',
  ruleAppliesToRequired: 'Choose at least one kind of content',
  noteTooLong: 'Note must be at most 500 characters',
  rejectReasonRequired: 'Give a reason for rejecting the listing',
  listingApprovedTitle: 'Listing approved',
  listingRejectedTitle: 'Listing not approved',
} as const;

/**
 * True when a regular expression repeats a group that itself repeats, e.g. (a+)+, (a*)*, (\w+\s?)*
 * or (a{1,}){2,}: those can backtrack catastrophically on near-miss input.
 */
export function hasNestedQuantifier(pattern: string): boolean {
  const stack: boolean[] = [];
  let inClass = false;
  let lastGroupRepeats = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\') {
      i++;
      lastGroupRepeats = false;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      continue;
    }
    const isQuantifier = ch === '+' || ch === '*' || (ch === '{' && /^\{\d*,?\d*\}/.test(pattern.slice(i)));
    if (isQuantifier) {
      if (lastGroupRepeats) return true;
      if (stack.length > 0) stack[stack.length - 1] = true;
      lastGroupRepeats = false;
      if (ch === '{') i = pattern.indexOf('}', i);
      continue;
    }
    if (ch === '?' && lastGroupRepeats) {
      lastGroupRepeats = false;
      continue;
    }
    lastGroupRepeats = false;
    if (ch === '[') inClass = true;
    else if (ch === '(') stack.push(false);
    else if (ch === ')') {
      const repeats = stack.pop() ?? false;
      if (repeats && stack.length > 0) stack[stack.length - 1] = true;
      lastGroupRepeats = repeats;
    }
  }
  return false;
}

/** The problem with a rule's pattern for its kind, or null when it is usable. */
export function rulePatternProblem(kind: RuleKind, pattern: string): string | null {
  const value = pattern.trim();
  if (value.length === 0) return MODERATION_MESSAGES.rulePatternRequired;
  if (value.length > MODERATION_LIMITS.rulePatternMax) return MODERATION_MESSAGES.rulePatternTooLong;
  if (kind === 'word' && /\s/.test(value)) return MODERATION_MESSAGES.ruleWordSingle;
  if (kind === 'pattern') {
    try {
      new RegExp(value, 'iu');
    } catch {
      return MODERATION_MESSAGES.ruleInvalidRegex;
    }
    if (hasNestedQuantifier(value)) return MODERATION_MESSAGES.ruleUnsafeRegex;
  }
  return null;
}
