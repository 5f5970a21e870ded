import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type {
  ConversationDetailDto,
  ConversationListDto,
  ConversationMessagesQuery,
  ConversationStateDto,
  MarkConversationReadDto,
  MessageDto,
  MessagePageDto,
  MessageSearchPageDto,
  PresenceDto,
  SearchMessagesQuery,
  SendMessageBody,
  UnreadCountsDto,
  UpdateConversationBody,
} from '@castline/shared';
import {
  APP_MESSAGES,
  canAttachMessagePhoto,
  canViewListing,
  conversationIdFor,
  isConversationMember,
  MESSAGING_EXTRA_MESSAGES as X,
  LISTING_POLICY_MESSAGES,
  MESSAGING_MESSAGES as M,
  isBannedMember,
} from '@castline/shared';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../http/access-policy.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../http/errors.js';
import type { BodyReader } from '../../http/route-helpers.js';
import { unreadCounts } from '../notifications/index.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import type { ServerEvents } from '../../domain-events.js';
import type { MemberRecord, MessageCursor, MessagingRepository } from './messaging.repository.js';
import {
  presentConversation,
  presentConversationDetail,
  presentMember,
  presentMessage,
} from './messaging.presenter.js';

export type ConversationMessagesParams = z.output<typeof ConversationMessagesQuery>;
export type SearchMessagesParams = z.output<typeof SearchMessagesQuery>;

export interface MessagingServiceDeps {
  repository: MessagingRepository;
  /** Presence of members (online, away, offline with last_seen_at). */
  readPresence: (userIds: readonly string[]) => Promise<PresenceDto[]>;
  realtime: RealtimePublisher;
  /** Where the notification writer reads unread totals after commit. */
  db: Database;
  /** Where the service says what happened (`message.sent`). */
  events: ServerEvents;
  logger: FastifyBaseLogger;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

export function encodeCursor(cursor: MessageCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`, 'utf8').toString('base64url');
}

/** The position an opaque cursor names; null when it is not one this server made. */
export function decodeCursor(text: string): MessageCursor | null {
  const [at, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !at || !id || !CURSOR_AT.test(at) || !isUuid(id)) return null;
  if (Number.isNaN(Date.parse(at))) return null;
  return { at, id: id.toLowerCase() };
}

function recipientNotFound(): NotFoundError {
  return new NotFoundError(M.recipientNotFound);
}

function cannotMessageSelf(path: string): ValidationError {
  return new ValidationError(M.cannotMessageSelf, [{ path, message: M.cannotMessageSelf }]);
}

/**
 * The other member a `:userId` names: a member id, or a conversation id "<idA>_<idB>" that the
 * viewer is part of. Anything else names no recipient.
 */
export function conversationPartner(param: string, viewerId: string): string {
  const parts = param.trim().toLowerCase().split('_');
  let other: string;
  if (parts.length === 1) {
    other = parts[0]!;
  } else if (parts.length === 2) {
    const [a, b] = parts as [string, string];
    if (a !== viewerId && b !== viewerId) throw recipientNotFound();
    other = a === viewerId ? b : a;
  } else {
    throw recipientNotFound();
  }
  if (!isUuid(other)) throw recipientNotFound();
  if (other === viewerId) throw cannotMessageSelf('userId');
  return other;
}

export function createMessagingService({
  repository,
  readPresence,
  realtime,
  db,
  events,
  logger,
}: MessagingServiceDeps) {
  /** The viewer's and the other member's records; 404 Recipient not found when the other is gone. */
  async function pair(
    viewerId: string,
    otherId: string,
  ): Promise<{ viewer: MemberRecord; other: MemberRecord }> {
    const found = await repository.findPair(viewerId, otherId);
    const viewer = found.find((member) => member.id === viewerId);
    const other = found.find((member) => member.id === otherId);
    if (!other || other.deleted) throw recipientNotFound();
    if (!viewer) throw new NotFoundError(APP_MESSAGES.notFound);
    return { viewer, other };
  }

  /** Events are a courtesy on top of the committed change: a failure is logged, never answered. */
  async function afterCommit(what: string, publish: () => Promise<void> | void): Promise<void> {
    try {
      await publish();
    } catch (error) {
      logger.warn({ err: error }, `publishing ${what} failed`);
    }
  }

  return {
    /**
     * Sends a message (spec 001 §5 checks in order). A retry with the sender's same client id
     * answers the first message (`created: false`) and writes nothing.
     */
    async send(
      actor: Actor,
      readBody: BodyReader<SendMessageBody>,
    ): Promise<{ message: MessageDto; created: boolean }> {
      if (isBannedMember(actor)) throw new ForbiddenError(LISTING_POLICY_MESSAGES.banned);
      const body = readBody();
      const recipientId = body.recipient_id.toLowerCase();
      if (recipientId === actor.id) throw cannotMessageSelf('recipient_id');
      if (!isUuid(recipientId)) throw recipientNotFound();
      // Photos: only the sender's own uploads to the message-images bucket.
      const images = body.images ?? [];
      if (images.some((url) => !canAttachMessagePhoto(actor, url))) throw new ForbiddenError(X.photoNotYours);

      if (body.client_id) {
        const existing = await repository.findByClientId(db, actor.id, body.client_id);
        if (existing) {
          if (existing.recipient_id !== recipientId) throw new ConflictError('CONFLICT', M.clientIdReused);
          return { message: presentMessage(existing), created: false };
        }
      }

      const { viewer: sender, other: recipient } = await pair(actor.id, recipientId);
      if (sender.blocked_users.includes(recipient.id)) throw new ForbiddenError(M.blockedByYou);
      if (recipient.blocked_users.includes(sender.id)) throw new ForbiddenError(M.blockedByThem);

      if (body.product_id) {
        const listing = await repository.findListingState(body.product_id);
        const aboutThisPair =
          listing && (listing.seller_id === sender.id || listing.seller_id === recipient.id);
        if (!listing || !aboutThisPair || !canViewListing(actor, listing)) {
          throw new NotFoundError(M.productNotFound);
        }
      }

      const outcome = await repository.transaction(async (tx) => {
        const row = await repository.insertMessage(tx, {
          sender_id: sender.id,
          recipient_id: recipient.id,
          content: body.content,
          images,
          client_id: body.client_id ?? null,
          product_id: body.product_id ?? null,
        });
        if (!row) {
          // A concurrent retry with the same client id committed first: answer its message.
          const first = body.client_id
            ? await repository.findByClientId(tx, sender.id, body.client_id)
            : null;
          if (!first) throw new ConflictError('CONFLICT', M.sendFailed);
          if (first.recipient_id !== recipient.id) throw new ConflictError('CONFLICT', M.clientIdReused);
          return { row: first, created: false, published: null };
        }
        // A new message brings an archived conversation back to the inbox (both sides); a muted
        // one tells its recipient nothing (no notification, no email).
        const { recipientMuted } = await repository.reopenForMessage(tx, sender.id, recipient.id);
        const sent = {
          message: presentMessage(row),
          sender: { username: sender.username, avatar_url: sender.avatar_url },
          recipientMuted,
        };
        return {
          row,
          created: true,
          published: { sent, after: await events.inTransaction(tx, 'message.sent', sent) },
        };
      });

      // Its listeners read the message (moderation rules, email) before it is pushed to the pair
      // and the recipient's notification follows.
      if (outcome.published) {
        await events.committed('message.sent', outcome.published.sent);
        await outcome.published.after();
      }
      return { message: presentMessage(outcome.row), created: outcome.created };
    },

    async conversations(
      viewerId: string,
      q: string | undefined,
      archived?: boolean,
    ): Promise<ConversationListDto> {
      const rows = await repository.conversations(viewerId, q ? q : null, archived);
      const presence = new Map(
        (await readPresence(rows.map((row) => row.partner.id))).map((entry) => [entry.user_id, entry]),
      );
      const items = rows.map((row) => presentConversation(viewerId, row, presence.get(row.partner.id)));
      return { items, total: items.length };
    },

    /** The thread's header; it works before the first message (a new conversation). */
    async conversation(viewerId: string, param: string): Promise<ConversationDetailDto> {
      const { viewer, other } = await pair(viewerId, conversationPartner(param, viewerId));
      const [presence, listing, unreadCount, preferences] = await Promise.all([
        readPresence([other.id]),
        repository.conversationListing(viewer.id, other.id),
        repository.unreadFrom(viewer.id, other.id),
        repository.preferences(db, viewer.id, other.id),
      ]);
      return presentConversationDetail({
        viewer,
        member: other,
        presence: presence[0],
        listing,
        unreadCount,
        preferences,
      });
    },

    /**
     * Archives or unarchives, mutes or unmutes a conversation for the caller only (isConversationMember:
     * the caller is one of its two members, and it has a message they can see; else 404).
     */
    async updateConversation(
      viewerId: string,
      param: string,
      readBody: BodyReader<UpdateConversationBody>,
    ): Promise<ConversationStateDto> {
      const otherId = conversationPartner(param, viewerId);
      const conversation = { member_ids: [viewerId, otherId] as const };
      if (!isConversationMember({ id: viewerId }, conversation))
        throw new NotFoundError(X.conversationNotFound);
      const { viewer, other } = await pair(viewerId, otherId);
      if (!(await repository.hasConversation(viewer.id, other.id))) {
        throw new NotFoundError(X.conversationNotFound);
      }
      const body = readBody();
      const state = await repository.transaction((tx) =>
        repository.setPreferences(tx, viewer.id, other.id, body),
      );
      return { id: conversationIdFor(viewer.id, other.id), ...state };
    },

    /** The caller's messages whose text contains q, newest first, 20 a page at most. */
    async search(viewerId: string, query: SearchMessagesParams): Promise<MessageSearchPageDto> {
      const { rows, total } = await repository.searchMessages(viewerId, query.q, query.page, query.pageSize);
      return {
        items: rows.map((row) => ({
          message: presentMessage(row.message),
          member: presentMember(row.partner),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** 20 a page (by default), newest first; `nextCursor` names the next older page. */
    async messages(
      viewerId: string,
      param: string,
      query: ConversationMessagesParams,
    ): Promise<MessagePageDto> {
      const before = query.before ? decodeCursor(query.before) : null;
      if (query.before && !before) {
        throw new ValidationError(APP_MESSAGES.invalidRequest, [
          { path: 'before', message: APP_MESSAGES.invalidRequest },
        ]);
      }
      const { viewer, other } = await pair(viewerId, conversationPartner(param, viewerId));
      const rows = await repository.page(viewer.id, other.id, before, query.pageSize);
      const page = rows.slice(0, query.pageSize);
      const last = page.at(-1);
      return {
        items: page.map((entry) => presentMessage(entry.row)),
        nextCursor: rows.length > query.pageSize && last ? encodeCursor(last.cursor) : null,
      };
    },

    /**
     * mark_messages_as_read: every unread message from the other member to the viewer, and the
     * NEW_MESSAGE notifications about them, become read in one transaction; both members hear of
     * it after commit and the viewer's tabs get the new unread totals.
     */
    async markRead(viewerId: string, param: string): Promise<MarkConversationReadDto> {
      const { viewer, other } = await pair(viewerId, conversationPartner(param, viewerId));
      const result = await repository.transaction(async (tx) => {
        const messages = await repository.markConversationRead(tx, viewer.id, other.id);
        const notifications = await repository.markMessageNotificationsRead(tx, viewer.id, other.id);
        return { ...messages, notifications, unread: await unreadCounts(tx, viewer.id) };
      });

      if (result.updated > 0 || result.notifications > 0) {
        await afterCommit('a conversation read', () => {
          if (result.updated > 0) {
            realtime.toUsers([other.id, viewer.id], {
              type: 'messages.read',
              conversation_id: conversationIdFor(viewer.id, other.id),
              reader_id: viewer.id,
              sender_id: other.id,
              read_at: (result.readAt ?? new Date()).toISOString(),
            });
          }
          realtime.toUser(viewer.id, { type: 'unread.changed', unread: result.unread });
          if (result.notifications > 0) realtime.toUser(viewer.id, { type: 'notifications.changed' });
        });
      }
      return { updated: result.updated, unread: result.unread };
    },

    async unread(viewerId: string): Promise<UnreadCountsDto> {
      return unreadCounts(db, viewerId);
    },
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;
