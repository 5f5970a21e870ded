/**
 * Messaging's limits and texts that the web app reads outside the messages page (zod-free, so that
 * the header and the bottom bar do not load the schemas).
 */

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
