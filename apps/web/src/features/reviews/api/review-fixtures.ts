import type {
  MemberSummaryDto,
  OrderReviewsDto,
  ProfileReviewFiguresDto,
  ProfileReviewsDto,
  ReviewDto,
  ReviewFiguresDto,
} from '@castline/shared';
import {
  OrderReviewsDto as OrderReviewsSchema,
  ProfileReviewFiguresDto as FiguresSchema,
  ProfileReviewsDto as ProfileReviewsSchema,
  ReviewDto as ReviewSchema,
} from '@castline/shared';
import { member } from '../../../test/fixtures';

/*
 * Test data for reviews, parsed with the shared schemas so it cannot drift from the contract. The
 * signed-in test member (river_runner) bought from SELLER unless a test says otherwise.
 */

export const ME: MemberSummaryDto = {
  id: member.id,
  username: member.username,
  full_name: member.full_name,
  avatar_url: null,
};
export const SELLER: MemberSummaryDto = {
  id: '2c0a4b1e-7d52-4b8e-9f0e-0d6c5a4b3e21',
  username: 'lake_caster',
  full_name: 'Lake Caster',
  avatar_url: null,
};

export const ORDER_ID = 'o_1';
/** The window's end, at noon UTC so that it reads the same day in any time zone. */
export const CLOSES_AT = '2026-03-31T12:00:00.000Z';

let counter = 0;

export function buildReview(overrides: Partial<ReviewDto> = {}): ReviewDto {
  counter += 1;
  return ReviewSchema.parse({
    id: `r_${counter}`,
    order_id: ORDER_ID,
    listing: { id: 'l_1', title: 'Shimano Stradic FL 2500' },
    reviewer: ME,
    reviewee_id: SELLER.id,
    reviewer_role: 'buyer',
    rating: 5,
    body: 'Packed like it was going overseas. Would buy again.',
    created_at: '2026-03-02T12:00:00.000Z',
    revealed_at: null,
    reply: null,
    replied_at: null,
    hidden: false,
    ...overrides,
  });
}

/** The seller's review of the signed-in buyer. */
export function reviewOfMe(overrides: Partial<ReviewDto> = {}): ReviewDto {
  return buildReview({
    reviewer: SELLER,
    reviewee_id: ME.id,
    reviewer_role: 'seller',
    rating: 4,
    body: 'Paid at once, friendly.',
    ...overrides,
  });
}

/** The order's reviews as the signed-in buyer sees them: nothing yet, the form open. */
export function orderReviews(overrides: Partial<OrderReviewsDto> = {}): OrderReviewsDto {
  return OrderReviewsSchema.parse({
    order_id: ORDER_ID,
    role: 'buyer',
    other: SELLER,
    mine: null,
    theirs: null,
    theirs_hidden: false,
    can_review: true,
    can_reply: false,
    window_closes_at: CLOSES_AT,
    ...overrides,
  });
}

const NONE: ReviewFiguresDto = { count: 0, average: null, positive_share: null };

export function figuresOf(
  userId: string,
  asSeller: ReviewFiguresDto = NONE,
  asBuyer: ReviewFiguresDto = NONE,
): ProfileReviewFiguresDto {
  return FiguresSchema.parse({ user_id: userId, as_seller: asSeller, as_buyer: asBuyer });
}

export function profileReviewsPage(
  overrides: Partial<ProfileReviewsDto> & Pick<ProfileReviewsDto, 'figures'>,
): ProfileReviewsDto {
  const items = overrides.items ?? [];
  return ProfileReviewsSchema.parse({
    role: 'seller',
    items,
    total: items.length,
    page: 1,
    pageSize: 10,
    ...overrides,
  });
}
