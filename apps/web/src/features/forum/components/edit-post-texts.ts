import { FORUM_MESSAGES } from '@castline/shared';
import { isApiError } from '../../../lib/api-client';

/*
 * The words of editing a post, apart from the composer itself: forum administration edits posts
 * with them too, without loading the forum's editor.
 */
export const POST_UPDATED = 'Post updated';

/** A refusal the member can act on keeps its own text; anything else is the spec's update failure. */
export function updateFailureMessage(error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return error.message;
  return FORUM_MESSAGES.updatePostFailed;
}
