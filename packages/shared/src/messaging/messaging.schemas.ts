import { z } from 'zod';
import { ListingSummaryDto } from '../listings/listing-summary.schemas.js';
import { MemberSummaryDto } from '../profiles/members.schemas.js';
import { PresenceDto } from '../presence/presence.schemas.js';

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
export const MessageType = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof MessageType>;

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

export const MessageDto = z.object({
  id: z.string(),
  conversation_id: z.string(),
  sender_id: z.string(),
  recipient_id: z.string(),
  content: z.string(),
  type: MessageType,
  read: z.boolean(),
  read_at: z.string().nullable(),
  client_id: z.string().nullable(),
  product_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MessageDto = z.infer<typeof MessageDto>;

/**
 * POST /api/messages. Lenient input so that each missing or wrong field answers the spec's own
 * text: content first, then the recipient (spec 001 §5 order).
 */
export const SendMessageBody = z.object({
  content: z
    .string({ error: MESSAGING_MESSAGES.contentEmpty })
    .trim()
    .min(1, MESSAGING_MESSAGES.contentEmpty)
    .max(MESSAGE_MAX_LENGTH, MESSAGING_MESSAGES.contentTooLong),
  recipient_id: z
    .string({ error: MESSAGING_MESSAGES.recipientRequired })
    .trim()
    .min(1, MESSAGING_MESSAGES.recipientRequired),
  /** The client's own id for this send; a retry with the same id returns the first message. */
  client_id: z.uuid({ error: MESSAGING_MESSAGES.clientIdInvalid }).optional(),
  /** The listing the conversation is about (Message seller / Make an offer). */
  product_id: z.uuid({ error: MESSAGING_MESSAGES.productNotFound }).optional(),
});
export type SendMessageBody = z.infer<typeof SendMessageBody>;

/** GET /api/conversations?q=: search by username. */
export const ListConversationsQuery = z.object({
  q: z.string().trim().max(CONVERSATION_SEARCH_MAX).optional(),
});
export type ListConversationsQuery = z.input<typeof ListConversationsQuery>;

export const ConversationDto = z.object({
  id: z.string(),
  member: MemberSummaryDto,
  presence: PresenceDto,
  last_message: MessageDto,
  unread_count: z.number().int(),
  /** The listing the conversation started from, if it started from one. */
  listing: ListingSummaryDto.nullable(),
});
export type ConversationDto = z.infer<typeof ConversationDto>;

export const ConversationListDto = z.object({
  items: z.array(ConversationDto),
  total: z.number().int(),
});
export type ConversationListDto = z.infer<typeof ConversationListDto>;

/** :userId is a member id or a conversation id ("<id>_<id>"). */
export const ConversationParams = z.object({
  userId: z.string().min(1).max(80),
});
export type ConversationParams = z.infer<typeof ConversationParams>;

/** GET /api/conversations/:userId: the thread's header. */
export const ConversationDetailDto = z.object({
  id: z.string(),
  member: MemberSummaryDto,
  presence: PresenceDto,
  listing: ListingSummaryDto.nullable(),
  unread_count: z.number().int(),
  blocked_by_me: z.boolean(),
  blocked_by_them: z.boolean(),
});
export type ConversationDetailDto = z.infer<typeof ConversationDetailDto>;

/** GET /api/conversations/:userId/messages?before=<cursor>: 20 a page, newest first. */
export const ConversationMessagesQuery = z.object({
  before: z.string().max(200).optional(),
  pageSize: z.coerce.number().int().min(1).max(50).default(MESSAGE_PAGE_SIZE),
});
export type ConversationMessagesQuery = z.input<typeof ConversationMessagesQuery>;

export const MessagePageDto = z.object({
  items: z.array(MessageDto),
  /** Pass as `before` for the next older page; null when there is none. */
  nextCursor: z.string().nullable(),
});
export type MessagePageDto = z.infer<typeof MessagePageDto>;

/** Unread totals pushed to every tab after a read (spec 001 §4). */
export const UnreadCountsDto = z.object({
  messages: z.number().int(),
  notifications: z.number().int(),
});
export type UnreadCountsDto = z.infer<typeof UnreadCountsDto>;

/** POST /api/conversations/:userId/read (mark_messages_as_read). */
export const MarkConversationReadDto = z.object({
  updated: z.number().int(),
  unread: UnreadCountsDto,
});
export type MarkConversationReadDto = z.infer<typeof MarkConversationReadDto>;
