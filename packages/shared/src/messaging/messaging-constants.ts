/**
 * Messaging's limits, texts and plain helpers, zod-free: the web app reads them outside the
 * messages page too (the header, the bottom bar), without loading the schemas.
 */

/** The spec's texts (001 §5) and the few the product adds around them. */
export const MESSAGING_MESSAGES = {
  contentEmpty: 'Message content cannot be empty',
  recipientRequired: 'Recipient ID is required',
  cannotMessageSelf: 'Cannot send messages to yourself',
  recipientNotFound: 'Recipient not found',
  contentTooLong: 'Messages can be at most 2,000 characters',
  blockedByYou: 'You have blocked this member. Unblock them to send a message.',
  blockedByThem: 'This member is not accepting messages from you.',
  clientIdInvalid: 'client_id must be a UUID',
  clientIdReused: 'This client_id was already used for a message to another member',
  productNotFound: 'Product not found',
  sendFailed: 'Message not sent',
} as const;

/** Spec 001 §9: 20 messages a page. Sends retry up to 3 times, 1 s apart (§5). */
export const MESSAGE_PAGE_SIZE = 20;
export const MESSAGE_MAX_LENGTH = 2000;
export const MESSAGE_SEND_RETRY = { attempts: 3, delayMs: 1000 } as const;
export const CONVERSATION_SEARCH_MAX = 50;

export const MESSAGE_TYPES = ['chat', 'offer', 'system'] as const;

/**
 * A conversation is the pair of its members: its id is their two ids, sorted, joined by "_".
 * /messages/{conversationId} and /messages/{userId} therefore both name one thread.
 */
export function conversationIdFor(a: string, b: string): string {
  return a < b ? `${a}_${b}` : `${b}_${a}`;
}

/** The other member of a conversation id, or the id itself when it is a member id. */
export function otherMemberOf(conversationOrUserId: string, viewerId: string): string {
  const parts = conversationOrUserId.split('_');
  if (parts.length !== 2) return conversationOrUserId;
  return parts[0] === viewerId ? parts[1]! : parts[0]!;
}

/** Photos one message may carry (a message may be photos only). */
export const MESSAGE_PHOTOS_MAX = 6;

/** Search within one's messages: the query's length and the page size (at most 20 a page). */
export const MESSAGE_SEARCH_LIMITS = { minLength: 2, maxLength: 100, pageSizeMax: 20 } as const;

/**
 * A photo of a message: a file the Castline upload endpoint stored in the message-images bucket.
 * The server names every such upload `<uploader id>-<time>-<random>.webp`, so the name says whose
 * it is (canAttachMessagePhoto).
 */
export const MESSAGE_IMAGE_URL = /^\/files\/message-images\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** What a message's preview says where its text would be (a list row, a notification, an email). */
export function messagePreviewText(message: { content: string; images?: readonly string[] }): string {
  const text = message.content.trim();
  if (text) return text;
  const photos = message.images?.length ?? 0;
  if (photos === 0) return '';
  return photos === 1 ? 'Sent a photo' : `Sent ${photos} photos`;
}

/** The texts of photos, archive, mute and search in messages (the product's own). */
export const MESSAGING_EXTRA_MESSAGES = {
  photoInvalid: 'Attach photos uploaded to Castline for messages',
  photoNotYours: 'You can only attach photos you uploaded yourself',
  tooManyPhotos: `A message can have at most ${MESSAGE_PHOTOS_MAX} photos`,
  conversationNotFound: 'Conversation not found',
  conversationChangeEmpty: 'Say whether to archive or mute the conversation',
  searchTooShort: `Search for at least ${MESSAGE_SEARCH_LIMITS.minLength} characters`,
  searchTooLong: `Search for at most ${MESSAGE_SEARCH_LIMITS.maxLength} characters`,
  archived: 'Conversation archived',
  unarchived: 'Conversation moved back to your inbox',
  muted: 'Conversation muted',
  unmuted: 'Conversation unmuted',
} as const;
