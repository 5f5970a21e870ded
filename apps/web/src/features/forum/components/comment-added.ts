/** What a member is told once their comment is posted. */
export const COMMENT_ADDED = 'Comment added';
