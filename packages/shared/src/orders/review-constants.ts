/*
 * Two-way reviews of an order: the numbers and texts, without zod, so that a page's first load
 * (the seller's figures on a listing page) can read them without bringing the schemas along.
 */

/** Buyer and seller may each review an order for this many days after it was received (or completed). */
export const REVIEW_WINDOW_DAYS = 30;

/** The side of the order a reviewer was on: a buyer reviews the seller, a seller the buyer. */
export const REVIEWER_ROLES = ['buyer', 'seller'] as const;
export type ReviewerRole = (typeof REVIEWER_ROLES)[number];

/** The figures of a profile: as a seller (reviews from buyers) or as a buyer (reviews from sellers). */
export const REVIEW_PROFILE_ROLES = ['seller', 'buyer'] as const;
export type ReviewProfileRole = (typeof REVIEW_PROFILE_ROLES)[number];

/**
 * A review's standing with moderation (its body and its reply are one item): flagged reviews
 * still show; a hidden one shows its words to its writer alone (its rating still counts).
 */
export const REVIEW_MODERATION_STATUSES = ['active', 'flagged', 'hidden'] as const;
export type ReviewModerationStatus = (typeof REVIEW_MODERATION_STATUSES)[number];

export const REVIEW_LIMITS = {
  ratingMin: 1,
  ratingMax: 5,
  /** A rating of this or more counts as positive (the "% positive" figure). */
  positiveMin: 4,
  bodyMax: 2000,
  replyMax: 1000,
  pageSize: 10,
  pageSizeMax: 50,
} as const;

export const REVIEW_MESSAGES = {
  ratingRequired: 'Choose a rating from 1 to 5 stars',
  bodyRequired: 'Write a few words about how it went',
  bodyTooLong: 'The review can be at most 2,000 characters',
  replyRequired: 'Write your reply',
  replyTooLong: 'The reply can be at most 1,000 characters',
  notFound: 'Review not found',
  notYet: 'You can review an order once it has been received',
  cancelled: 'A cancelled order cannot be reviewed',
  noBuyer: 'This sale was made outside Castline: there is no buyer to review',
  windowClosed: 'The 30-day window to review this order has closed',
  alreadyReviewed: 'You have already reviewed this order',
  banned: 'Your account is banned',
  replyNotAllowed: 'Only the member reviewed can reply to a review',
  replyNotYet: 'You can reply once the review is visible',
  alreadyReplied: 'You have already replied to this review',
  hiddenByModeration: 'This review was hidden by our moderators.',
  yoursHidden: 'Our moderators hid this review: only you see its words. Its rating still counts.',
  roleInvalid: 'Choose seller or buyer reviews',
} as const;

/** Where a profile's reviews are shown, by role ("As seller", "As buyer"). */
export const REVIEW_ROLE_LABELS: Record<ReviewProfileRole, string> = {
  seller: 'As seller',
  buyer: 'As buyer',
};
