import type { ProfileReviewFiguresDto } from '@castline/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

/** GET /api/profiles/:userId/review-figures: the member's figures as seller and as buyer. */
export function useReviewFigures(userId: string) {
  return useQuery({
    queryKey: reviewKeys.figures(userId),
    queryFn: ({ signal }) =>
      api.get<ProfileReviewFiguresDto>(`/api/profiles/${encodeURIComponent(userId)}/review-figures`, signal),
    enabled: userId !== '',
  });
}
