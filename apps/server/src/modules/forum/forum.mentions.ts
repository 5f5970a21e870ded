import { FORUM_LIMITS, FORUM_MESSAGES, MENTION_PATTERN } from '@castline/shared';
import type { NotificationInsert } from '../notifications/index.js';

/**
 * The usernames @mentioned in a text, lower-cased, in order of first appearance, without
 * duplicates and at most FORUM_LIMITS.mentionsMax of them. Mentions inside code (`…` and
 * fenced blocks) are not mentions.
 */
export function extractMentions(text: string): string[] {
  const withoutCode = text.replace(/```[\s\S]*?(```|$)/g, ' ').replace(/`[^`\n]*`/g, ' ');
  const names: string[] = [];
  for (const match of withoutCode.matchAll(MENTION_PATTERN)) {
    const name = match[1]!.toLowerCase();
    if (!names.includes(name)) names.push(name);
    if (names.length === FORUM_LIMITS.mentionsMax) break;
  }
  return names;
}

/** The usernames mentioned in `next` that `previous` did not mention yet (an edit notifies only those). */
export function newMentions(previous: string, next: string): string[] {
  const before = new Set(extractMentions(previous));
  return extractMentions(next).filter((name) => !before.has(name));
}

export interface MentionSource {
  postId: string;
  postTitle: string;
  commentId?: string;
  sender: { id: string; username: string };
}

/** The MENTION notification for one mentioned member. */
export function mentionNotification(recipientId: string, source: MentionSource): NotificationInsert {
  return {
    user_id: recipientId,
    type: 'MENTION',
    title: FORUM_MESSAGES.mentionTitle,
    message: source.commentId
      ? FORUM_MESSAGES.mentionInComment(source.sender.username, source.postTitle)
      : FORUM_MESSAGES.mentionInPost(source.sender.username, source.postTitle),
    data: {
      postId: source.postId,
      ...(source.commentId ? { commentId: source.commentId } : {}),
      senderId: source.sender.id,
      senderName: source.sender.username,
    },
  };
}

const ADDRESSED = {
  reply: { type: 'REPLY', title: FORUM_MESSAGES.replyTitle, message: FORUM_MESSAGES.replyToComment },
  reply_to_post: { type: 'REPLY', title: FORUM_MESSAGES.replyTitle, message: FORUM_MESSAGES.replyToPost },
  quote: { type: 'QUOTE', title: FORUM_MESSAGES.quoteTitle, message: FORUM_MESSAGES.quotedYou },
  watched: {
    type: 'WATCHED_TOPIC',
    title: FORUM_MESSAGES.watchedTitle,
    message: FORUM_MESSAGES.watchedComment,
  },
} as const;

/**
 * The REPLY, QUOTE or WATCHED_TOPIC notification for a member a new comment answered, quoted, or
 * who watches its topic; it links to the comment.
 */
export function addressedNotification(
  recipientId: string,
  kind: keyof typeof ADDRESSED,
  source: MentionSource,
): NotificationInsert {
  const { username } = source.sender;
  const { type, title, message } = ADDRESSED[kind];
  return {
    user_id: recipientId,
    type,
    title,
    message: message(username, source.postTitle),
    data: {
      postId: source.postId,
      ...(source.commentId ? { commentId: source.commentId } : {}),
      senderId: source.sender.id,
      senderName: username,
    },
  };
}
