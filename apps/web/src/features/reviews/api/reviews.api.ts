import type {
  CreateReviewBody,
  OrderReviewsDto,
  ProfileReviewsDto,
  ReplyToReviewBody,
  ReviewDto,
  ReviewProfileRole,
} from '@castline/shared';
import { REVIEW_LIMITS } from '@castline/shared';
import type { QueryClient } from '@tanstack/react-query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

/** The listing page's key (the listings feature's `listingKeys.detail`): a reveal sets its rating. */
const listingDetailKey = (listingId: string) => ['listings', 'detail', listingId] as const;

/** GET /api/orders/:id/reviews: the order's reviews as the caller (its buyer or seller) sees them. */
export function useOrderReviews(orderId: string) {
  return useQuery({
    queryKey: reviewKeys.order(orderId),
    queryFn: ({ signal }) =>
      api.get<OrderReviewsDto>(`/api/orders/${encodeURIComponent(orderId)}/reviews`, signal),
    enabled: orderId !== '',
    // Kept fresh by the order's realtime events; what the socket missed comes back with the tab.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
}

/** What a review, a reveal or a reply may change: members' review lists and figures, the listing's rating. */
function refreshAround(queryClient: QueryClient, review: ReviewDto | null): void {
  void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
  if (review) void queryClient.invalidateQueries({ queryKey: listingDetailKey(review.listing.id) });
}

/** POST /api/orders/:id/review: the answer is the order's reviews as the caller now sees them. */
export function useSubmitReview(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewBody) =>
      api.post<OrderReviewsDto>(`/api/orders/${encodeURIComponent(orderId)}/review`, body),
    onSuccess: (reviews) => {
      queryClient.setQueryData(reviewKeys.order(orderId), reviews);
      refreshAround(queryClient, reviews.mine);
    },
  });
}

/** POST /api/reviews/:id/reply: the member reviewed answers once. */
export function useReplyToReview(reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplyToReviewBody) =>
      api.post<ReviewDto>(`/api/reviews/${encodeURIComponent(reviewId)}/reply`, body),
    onSuccess: (review) => {
      queryClient.setQueryData<OrderReviewsDto>(reviewKeys.order(review.order_id), (current) =>
        current?.theirs?.id === review.id ? { ...current, theirs: review, can_reply: false } : current,
      );
      refreshAround(queryClient, null);
    },
  });
}

/** GET /api/profiles/:userId/reviews: one page of a member's visible reviews in a role, with the figures. */
export function useProfileReviews(userId: string, role: ReviewProfileRole, page: number) {
  return useQuery({
    queryKey: reviewKeys.profilePage(userId, role, page),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        role,
        page: String(page),
        pageSize: String(REVIEW_LIMITS.pageSize),
      });
      return api.get<ProfileReviewsDto>(
        `/api/profiles/${encodeURIComponent(userId)}/reviews?${query.toString()}`,
        signal,
      );
    },
    enabled: userId !== '',
    placeholderData: keepPreviousData,
  });
}
