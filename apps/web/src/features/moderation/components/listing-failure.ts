import { MODERATION_MESSAGES } from '@castline/shared';
import { isApiError } from '../../../lib/api-client';

/** A refusal with its own text (not found, no longer pending) keeps it; anything else is generic. */
export function listingFailure(error: unknown): string {
  if (isApiError(error) && (error.status === 404 || error.status === 409)) return error.message;
  return MODERATION_MESSAGES.listingReviewFailed;
}
