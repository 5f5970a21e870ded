import type { ModerationEntityType, ReportReason } from '@castline/shared';

/** What each reason is called in the report form, in the order the server lists them. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  scam: 'Scam or fraud',
  offensive: 'Offensive or abusive',
  prohibited: 'Prohibited item',
  other: 'Something else',
};

/** How the reported thing is named in buttons and the dialog ("Report listing"). */
export const REPORT_SUBJECTS: Record<ModerationEntityType, string> = {
  product: 'listing',
  forum_post: 'post',
  forum_comment: 'comment',
  message: 'message',
  user: 'member',
  review: 'review',
};
