import { z } from 'zod';
import { MemberSummaryDto } from '../profiles/members.schemas.js';
import { REVIEW_LIMITS, REVIEW_MESSAGES, REVIEW_PROFILE_ROLES, REVIEWER_ROLES } from './review-constants.js';

/**
 * Two-way reviews: once an order is received (or completed without being marked received), its
 * buyer and its seller may each rate the other 1 to 5 and write a review, within
 * REVIEW_WINDOW_DAYS. A review stays hidden from everyone but its writer until both are in or the
 * window closes; then both show together, and the member reviewed may post one public reply.
 */

/** The reviewer's side (the type `ReviewerRole` is in review-constants.ts). */
const reviewerRole = z.enum(REVIEWER_ROLES);

export const ReviewIdParams = z.object({ id: z.uuid({ error: REVIEW_MESSAGES.notFound }) });
export type ReviewIdParams = z.infer<typeof ReviewIdParams>;

const rating = z
  .number({ error: REVIEW_MESSAGES.ratingRequired })
  .int({ error: REVIEW_MESSAGES.ratingRequired })
  .min(REVIEW_LIMITS.ratingMin, REVIEW_MESSAGES.ratingRequired)
  .max(REVIEW_LIMITS.ratingMax, REVIEW_MESSAGES.ratingRequired);

/** POST /api/orders/:id/review: the caller's rating of the other side and a written review. */
export const CreateReviewBody = z.object({
  rating,
  body: z
    .string({ error: REVIEW_MESSAGES.bodyRequired })
    .trim()
    .min(1, REVIEW_MESSAGES.bodyRequired)
    .max(REVIEW_LIMITS.bodyMax, REVIEW_MESSAGES.bodyTooLong),
});
export type CreateReviewBody = z.input<typeof CreateReviewBody>;

/** POST /api/reviews/:id/reply: the member reviewed answers, once, in public. */
export const ReplyToReviewBody = z.object({
  reply: z
    .string({ error: REVIEW_MESSAGES.replyRequired })
    .trim()
    .min(1, REVIEW_MESSAGES.replyRequired)
    .max(REVIEW_LIMITS.replyMax, REVIEW_MESSAGES.replyTooLong),
});
export type ReplyToReviewBody = z.input<typeof ReplyToReviewBody>;

/** One review as shown on an order page or a profile. */
export const ReviewDto = z.object({
  id: z.string(),
  order_id: z.string(),
  /** The listing the order was for. */
  listing: z.object({ id: z.string(), title: z.string() }),
  reviewer: MemberSummaryDto,
  reviewee_id: z.string(),
  /** The reviewer's side of the order: a buyer reviewed the seller, a seller the buyer. */
  reviewer_role: reviewerRole,
  rating: z.number().int(),
  /** Empty for a rating given without words (the listing page's older "rate this sale"). */
  body: z.string(),
  created_at: z.string(),
  /** When both sides could see it (null: still hidden from the other side). */
  revealed_at: z.string().nullable(),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  /**
   * Moderation hid it. Its writer still gets its words (to see it marked hidden); anyone else
   * gets an empty body and no reply, and public lists leave it out.
   */
  hidden: z.boolean(),
});
export type ReviewDto = z.infer<typeof ReviewDto>;

/** A member's figures on one side of their orders: reviews, average rating, share rated 4 or 5. */
export const ReviewFiguresDto = z.object({
  count: z.number().int(),
  /** Average rating to two decimals; null without reviews. */
  average: z.number().nullable(),
  /** The share of reviews rated 4 or 5, from 0 to 1 (four decimals); null without reviews. */
  positive_share: z.number().nullable(),
});
export type ReviewFiguresDto = z.infer<typeof ReviewFiguresDto>;

/** GET /api/profiles/:userId/review-figures: a member's figures as seller and as buyer (visible reviews only). */
export const ProfileReviewFiguresDto = z.object({
  user_id: z.string(),
  as_seller: ReviewFiguresDto,
  as_buyer: ReviewFiguresDto,
});
export type ProfileReviewFiguresDto = z.infer<typeof ProfileReviewFiguresDto>;

/** GET /api/profiles/:userId/reviews?role=seller|buyer&page= */
export const ProfileReviewsQuery = z.object({
  role: z.enum(REVIEW_PROFILE_ROLES, { error: REVIEW_MESSAGES.roleInvalid }).default('seller'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(REVIEW_LIMITS.pageSizeMax).default(REVIEW_LIMITS.pageSize),
});
export type ProfileReviewsQuery = z.input<typeof ProfileReviewsQuery>;

/** A page of the member's visible reviews in one role, newest first, with both roles' figures. */
export const ProfileReviewsDto = z.object({
  figures: ProfileReviewFiguresDto,
  role: z.enum(REVIEW_PROFILE_ROLES),
  items: z.array(ReviewDto),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProfileReviewsDto = z.infer<typeof ProfileReviewsDto>;

/** GET /api/orders/:id/reviews (and the answer of a review): the order's reviews as one side sees them. */
export const OrderReviewsDto = z.object({
  order_id: z.string(),
  /** The caller's side of the order. */
  role: reviewerRole,
  /** The other side (null: a sale marked sold to nobody on Castline). */
  other: MemberSummaryDto.nullable(),
  /** The caller's own review, hidden or not. */
  mine: ReviewDto.nullable(),
  /** The other side's review, once it is visible. */
  theirs: ReviewDto.nullable(),
  /** The other side has reviewed, but theirs shows only when the caller's is in or the window closes. */
  theirs_hidden: z.boolean(),
  /** The caller may leave their review now (canReviewOrder). */
  can_review: z.boolean(),
  /** The caller may reply to the other side's review now (canReplyToReview). */
  can_reply: z.boolean(),
  /** When the window to review closes and any hidden review shows (null: no window: not received yet, cancelled or no buyer). */
  window_closes_at: z.string().nullable(),
});
export type OrderReviewsDto = z.infer<typeof OrderReviewsDto>;
