import { MESSAGE_IMAGE_URL } from './messaging-constants.js';

/** Where the message-images bucket's files are served: every message photo starts with it. */
const MESSAGE_IMAGES_PATH = '/files/message-images/';

/** The member a messaging rule asks about. */
export interface MessagingActor {
  id: string;
}

/** A conversation as the rules read it: its two members. */
export interface ConversationResource {
  member_ids: readonly [string, string];
}

/**
 * How the name of a member's message photo begins: their id and a dash. The server names every
 * upload to the message-images bucket `<uploader id>-<time>-<random>.webp`.
 */
export function messagePhotoNamePrefix(userId: string): string {
  return `${userId}-`;
}

/**
 * A member may attach to a message only a photo of theirs in the message-images bucket: one they
 * uploaded. Another member's upload (even one sent to them), a file of another bucket or a name
 * that is nobody's upload is refused.
 */
export function canAttachMessagePhoto(actor: MessagingActor | null | undefined, url: string): boolean {
  if (!actor || !MESSAGE_IMAGE_URL.test(url)) return false;
  return url.slice(MESSAGE_IMAGES_PATH.length).startsWith(messagePhotoNamePrefix(actor.id));
}

/**
 * Archiving, muting, reading and searching a conversation are for its two members only; to anyone
 * else it does not exist.
 */
export function isConversationMember(
  actor: MessagingActor | null | undefined,
  conversation: ConversationResource,
): boolean {
  return actor != null && conversation.member_ids.includes(actor.id);
}
