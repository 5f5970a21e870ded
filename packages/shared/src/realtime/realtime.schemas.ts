import { z } from 'zod';
import { MessageDto, UnreadCountsDto } from '../messaging/messaging.schemas.js';
import { NotificationDto } from '../notifications/notifications.schemas.js';
import { OfferDto } from '../offers/offers.schemas.js';
import { PresenceDto } from '../presence/presence.schemas.js';
import { PRESENCE_WATCH_MAX } from '../presence/presence-constants.js';

/**
 * Everything the server pushes. Services publish these after their transaction commits; the
 * client writes them straight into its query cache.
 */
export const ServerEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), user_id: z.string(), connection_id: z.string() }),
  z.object({ type: z.literal('pong'), at: z.string() }),
  /** A message in one of the member's conversations (sent by them in another tab, or to them). */
  z.object({ type: z.literal('message.created'), message: MessageDto }),
  /** `reader_id` read every message `sender_id` had sent them, up to `read_at` ("seen"). */
  z.object({
    type: z.literal('messages.read'),
    conversation_id: z.string(),
    reader_id: z.string(),
    sender_id: z.string(),
    read_at: z.string(),
  }),
  z.object({ type: z.literal('unread.changed'), unread: UnreadCountsDto }),
  z.object({ type: z.literal('notification.created'), notification: NotificationDto }),
  /** Notifications were read or deleted elsewhere (another tab, or a message read). */
  z.object({ type: z.literal('notifications.changed') }),
  z.object({ type: z.literal('offer.changed'), offer: OfferDto.omit({ actions: true }) }),
  /** An order moved: its buyer's and seller's pages refetch it (and the listing it holds). */
  z.object({ type: z.literal('order.changed'), order_id: z.string(), listing_id: z.string() }),
  z.object({ type: z.literal('presence'), presence: PresenceDto }),
  z.object({ type: z.literal('typing'), user_id: z.string(), typing: z.boolean() }),
  /**
   * Forum or profile content changed (spec 001 §3 content-change event types): open lists and
   * pages refetch what they show. Sent to every connected member.
   */
  z.object({
    type: z.literal('content.changed'),
    entity: z.enum(['post', 'comment', 'like', 'profile']),
    post_id: z.string().nullable(),
    user_id: z.string().nullable(),
  }),
  /**
   * The session that opened this socket ended (signed out in another tab, ended from another
   * device or by staff, password changed or reset, expired, banned, account deleted): the page
   * signs out at once and shows `message`. The server closes the socket right after sending it.
   */
  z.object({ type: z.literal('session.ended'), message: z.string() }),
  /** A frame the server could not take. */
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type ServerEvent = z.infer<typeof ServerEvent>;
export type ServerEventType = ServerEvent['type'];

/** Everything a client may send; anything else is answered with an `error` event. */
export const ClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  /** The tab became visible (online) or hidden (away). */
  z.object({ type: z.literal('presence.status'), status: z.enum(['online', 'away']) }),
  /** The members whose presence this tab shows (replaces the previous list). */
  z.object({
    type: z.literal('presence.watch'),
    user_ids: z.array(z.uuid()).max(PRESENCE_WATCH_MAX),
  }),
  /** Typing in the conversation with `recipient_id`; only the flag travels, never the text. */
  z.object({ type: z.literal('typing'), recipient_id: z.uuid(), typing: z.boolean() }),
]);
export type ClientFrame = z.infer<typeof ClientFrame>;
