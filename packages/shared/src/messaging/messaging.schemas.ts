import { z } from 'zod';
import { ListingSummaryDto } from '../listings/listing-summary.schemas.js';
import { MemberSummaryDto } from '../profiles/members.schemas.js';
import { PresenceDto } from '../presence/presence.schemas.js';
import {
  CONVERSATION_SEARCH_MAX,
  MESSAGE_IMAGE_URL,
  MESSAGE_MAX_LENGTH,
  MESSAGE_PAGE_SIZE,
  MESSAGE_PHOTOS_MAX,
  MESSAGE_SEARCH_LIMITS,
  MESSAGE_TYPES,
  MESSAGING_EXTRA_MESSAGES as X,
  MESSAGING_MESSAGES,
} from './messaging-constants.js';

export const MessageType = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof MessageType>;

export const MessageDto = z.object({
  id: z.string(),
  conversation_id: z.string(),
  sender_id: z.string(),
  recipient_id: z.string(),
  content: z.string(),
  /** Photos (/files/message-images/…), in the order they were attached; empty for text only. */
  images: z.array(z.string()),
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
 * text: content first, then the recipient (spec 001 §5 order). A message may be photos only (no
 * text); with neither it answers the spec's empty-content text, as the first issue.
 */
export const SendMessageBody = z
  .object({
    content: z
      .string({ error: MESSAGING_MESSAGES.contentEmpty })
      .trim()
      .max(MESSAGE_MAX_LENGTH, MESSAGING_MESSAGES.contentTooLong)
      .default(''),
    recipient_id: z
      .string({ error: MESSAGING_MESSAGES.recipientRequired })
      .trim()
      .min(1, MESSAGING_MESSAGES.recipientRequired),
    /** The client's own id for this send; a retry with the same id returns the first message. */
    client_id: z.uuid({ error: MESSAGING_MESSAGES.clientIdInvalid }).optional(),
    /** The listing the conversation is about (Message seller / Make an offer). */
    product_id: z.uuid({ error: MESSAGING_MESSAGES.productNotFound }).optional(),
    /** The sender's own uploads to the message-images bucket (canAttachMessagePhoto). */
    images: z
      .array(z.string({ error: X.photoInvalid }).regex(MESSAGE_IMAGE_URL, X.photoInvalid), {
        error: X.photoInvalid,
      })
      .max(MESSAGE_PHOTOS_MAX, X.tooManyPhotos)
      .refine((urls) => new Set(urls).size === urls.length, X.photoInvalid)
      .default([]),
  })
  .superRefine(
    (body, ctx) => {
      // Runs even when other fields failed, so that "no text and no photos" is the first issue.
      const raw = body as { content?: unknown; images?: unknown };
      if (ctx.issues.some((issue) => issue.path?.[0] === 'content')) return;
      const text = typeof raw.content === 'string' ? raw.content.trim() : '';
      const photos = Array.isArray(raw.images) ? raw.images.length : 0;
      if (text === '' && photos === 0) {
        ctx.issues.unshift({
          code: 'custom',
          path: ['content'],
          message: MESSAGING_MESSAGES.contentEmpty,
          input: raw.content,
        });
      }
    },
    { when: () => true },
  );
export type SendMessageBody = z.infer<typeof SendMessageBody>;

/** GET /api/conversations?q=&archived=: search by username; the inbox, or the archived ones. */
export const ListConversationsQuery = z.object({
  q: z.string().trim().max(CONVERSATION_SEARCH_MAX).optional(),
  archived: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
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
  /** The caller archived it (it left the inbox); a new message brings it back. */
  archived: z.boolean(),
  /** The caller muted it: its new messages notify and email them no more. */
  muted: z.boolean(),
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
  archived: z.boolean(),
  muted: z.boolean(),
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

/** PATCH /api/conversations/:userId: archive or unarchive, mute or unmute, for the caller only. */
export const UpdateConversationBody = z
  .object({
    archived: z.boolean({ error: X.conversationChangeEmpty }).optional(),
    muted: z.boolean({ error: X.conversationChangeEmpty }).optional(),
  })
  .refine((body) => body.archived !== undefined || body.muted !== undefined, X.conversationChangeEmpty);
export type UpdateConversationBody = z.infer<typeof UpdateConversationBody>;

/** The caller's settings of one conversation. */
export const ConversationStateDto = z.object({
  id: z.string(),
  archived: z.boolean(),
  muted: z.boolean(),
});
export type ConversationStateDto = z.infer<typeof ConversationStateDto>;

/** GET /api/messages/search?q=&page=&pageSize=: the caller's own messages whose text has q. */
export const SearchMessagesQuery = z.object({
  q: z
    .string({ error: X.searchTooShort })
    .trim()
    .min(MESSAGE_SEARCH_LIMITS.minLength, X.searchTooShort)
    .max(MESSAGE_SEARCH_LIMITS.maxLength, X.searchTooLong),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(MESSAGE_SEARCH_LIMITS.pageSizeMax)
    .default(MESSAGE_SEARCH_LIMITS.pageSizeMax),
});
export type SearchMessagesQuery = z.input<typeof SearchMessagesQuery>;

/** One message found: the message and the other member of its conversation. */
export const MessageSearchHitDto = z.object({
  message: MessageDto,
  member: MemberSummaryDto,
});
export type MessageSearchHitDto = z.infer<typeof MessageSearchHitDto>;

export const MessageSearchPageDto = z.object({
  items: z.array(MessageSearchHitDto),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MessageSearchPageDto = z.infer<typeof MessageSearchPageDto>;
