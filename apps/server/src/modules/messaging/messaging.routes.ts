import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorDto,
  ConversationDetailDto,
  ConversationListDto,
  ConversationMessagesQuery,
  ConversationParams,
  ConversationStateDto,
  ListConversationsQuery,
  MarkConversationReadDto,
  MESSAGING_MESSAGES as M,
  MessageDto,
  MessagePageDto,
  MessageSearchPageDto,
  SearchMessagesQuery,
  SendMessageBody,
  UnreadCountsDto,
  UpdateConversationBody,
} from '@castline/shared';
import { requireActor } from '../../http/auth-hooks.js';
import { assertValidId, bodyOf, validated, viewerOf } from '../../http/route-helpers.js';
import type { MessagingService } from './messaging.service.js';

const errors = { 400: ApiErrorDto, 401: ApiErrorDto, 403: ApiErrorDto, 404: ApiErrorDto, 409: ApiErrorDto };
const tags = ['messaging'];

/**
 * Params and query, checked after the session (401 comes first): a malformed :userId names no
 * recipient (404 Recipient not found); a bad query answers its validation errors.
 */
function assertValidRequest(request: FastifyRequest): void {
  assertValidId(request, M.recipientNotFound);
  validated(request);
}

export function registerMessagingRoutes(app: FastifyInstance, messaging: MessagingService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/messages', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary:
        'Send a message (text, photos of the sender or both) and notify the recipient unless they muted the conversation; a retry with the same client_id answers the first message',
      body: SendMessageBody,
      response: { 200: MessageDto, 201: MessageDto, ...errors },
    },
    handler: async (request, reply) => {
      // The body is read once the caller may send (401 and 403 come before 400); a missing or
      // non-object one reads as empty, so that it answers the spec's first text.
      const { message, created } = await messaging.send(requireActor(request), () =>
        bodyOf(request, SendMessageBody),
      );
      return reply.status(created ? 201 : 200).send(message);
    },
  });

  r.get('/api/conversations', {
    config: { auth: 'required' },
    attachValidation: true,
    schema: {
      tags,
      summary:
        "The caller's conversations, newest last message first, with unread counts; q searches usernames; archived=true the archived ones, archived=false the inbox",
      querystring: ListConversationsQuery,
      response: { 200: ConversationListDto, ...errors },
    },
    handler: async (request, reply) => {
      assertValidRequest(request);
      void reply.header('cache-control', 'no-store');
      return messaging.conversations(viewerOf(request), request.query.q, request.query.archived);
    },
  });

  r.get('/api/conversations/:userId', {
    config: { auth: 'required' },
    attachValidation: true,
    schema: {
      tags,
      summary:
        'A thread header: the other member (a member id or a conversation id), presence, listing, blocks',
      params: ConversationParams,
      response: { 200: ConversationDetailDto, ...errors },
    },
    handler: async (request, reply) => {
      assertValidRequest(request);
      void reply.header('cache-control', 'no-store');
      return messaging.conversation(viewerOf(request), request.params.userId);
    },
  });

  r.patch('/api/conversations/:userId', {
    config: { auth: 'required' },
    attachValidation: true,
    schema: {
      tags,
      summary:
        'Archive or unarchive, mute or unmute a conversation, for the caller only (a new message brings an archived one back)',
      params: ConversationParams,
      body: UpdateConversationBody,
      response: { 200: ConversationStateDto, ...errors },
    },
    handler: async (request) => {
      assertValidId(request, M.recipientNotFound);
      return messaging.updateConversation(viewerOf(request), request.params.userId, () =>
        bodyOf(request, UpdateConversationBody),
      );
    },
  });

  r.get('/api/messages/search', {
    config: { auth: 'required' },
    attachValidation: true,
    schema: {
      tags,
      summary:
        "Search the text of the caller's own messages (sent or received), newest first, at most 20 a page",
      querystring: SearchMessagesQuery,
      response: { 200: MessageSearchPageDto, ...errors },
    },
    handler: async (request, reply) => {
      validated(request);
      void reply.header('cache-control', 'no-store');
      return messaging.search(viewerOf(request), request.query);
    },
  });

  r.get('/api/conversations/:userId/messages', {
    config: { auth: 'required' },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Messages of a thread, 20 a page newest first; pass nextCursor as before for older ones',
      params: ConversationParams,
      querystring: ConversationMessagesQuery,
      response: { 200: MessagePageDto, ...errors },
    },
    handler: async (request, reply) => {
      assertValidRequest(request);
      void reply.header('cache-control', 'no-store');
      return messaging.messages(viewerOf(request), request.params.userId, request.query);
    },
  });

  r.post('/api/conversations/:userId/read', {
    config: { auth: 'required' },
    attachValidation: true,
    schema: {
      tags,
      summary:
        "mark_messages_as_read: the other member's messages to the caller and their NEW_MESSAGE notifications become read",
      params: ConversationParams,
      response: { 200: MarkConversationReadDto, ...errors },
    },
    handler: async (request) => {
      assertValidRequest(request);
      return messaging.markRead(viewerOf(request), request.params.userId);
    },
  });

  r.get('/api/me/unread', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: "The caller's unread message and notification totals (the badges)",
      response: { 200: UnreadCountsDto, ...errors },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return messaging.unread(viewerOf(request));
    },
  });
}
