/**
 * Values written to `moderation_reason` by more than one module, which each reads back to undo
 * exactly what it did.
 */

/**
 * Written when a ban hides a member's content, so that lifting the ban restores exactly what the
 * ban hid (and nothing hidden for another reason).
 */
export const BANNED_CONTENT_REASON = 'banned';

/**
 * A new listing kept out of public view until a moderator approves it (the "listings need
 * approval" setting); approval makes it visible.
 */
export const AWAITING_APPROVAL_REASON = 'Waiting for approval';
