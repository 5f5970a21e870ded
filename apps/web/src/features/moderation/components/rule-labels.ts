import type { RuleAction, RuleKind } from '@castline/shared';

/** How the rules list and the rule's dialog name a rule's kind and action. */
export const KIND_LABELS: Record<RuleKind, string> = {
  word: 'Word',
  phrase: 'Phrase',
  pattern: 'Pattern (regular expression)',
};

export const RULE_ACTION_LABELS: Record<RuleAction, string> = {
  flag: 'Flag the content',
  hide: 'Hide the content',
  queue: 'Send to the moderation queue',
};
