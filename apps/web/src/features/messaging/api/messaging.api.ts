import type {
  ConversationDetailDto,
  ConversationDetailDto as ConversationDetail,
  ConversationListDto,
  ConversationStateDto,
  MarkConversationReadDto,
  MessageDto,
  MessageDto as Message,
  MessagePageDto,
  MessageSearchPageDto,
  SendMessageBody,
  UpdateConversationBody,
} from '@castline/shared';
import { MESSAGE_PAGE_SIZE, MESSAGE_SEARCH_LIMITS, MESSAGE_SEND_RETRY } from '@castline/shared';
import type { QueryClient } from '@tanstack/react-query';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, errorMessage, isApiError } from '../../../lib/api-client';
import { notificationKeys, unreadKey } from '../../../lib/notification-keys';
import { rememberPresence } from '../../presence';
import type { ThreadData } from './message-cache';
import { storeMessage, storeMessagesRead, threadMessages } from './message-cache';
import { messagingKeys } from './messaging-keys';
import type { OutgoingMessage } from './outbox';
import { outboxOf } from './outbox';

function conversationPath(memberId: string, suffix = ''): string {
  return `/api/conversations/${encodeURIComponent(memberId)}${suffix}`;
}

/**
 * The conversation list (newest first): the inbox, or the archived ones; optionally only members
 * whose username contains `q`.
 */
export function useConversations(q: string, archived = false) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messagingKeys.conversations(q, archived),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ archived: String(archived) });
      if (q) params.set('q', q);
      const list = await api.get<ConversationListDto>(`/api/conversations?${params.toString()}`, signal);
      for (const item of list.items) rememberPresence(queryClient, item.presence);
      return list;
    },
    // While a new search runs, the previous rows stay (no flash of an empty list).
    placeholderData: keepPreviousData,
  });
}

/** The thread's header: the other member, their presence, the listing, whether either blocked the other. */
export function useConversation(memberId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messagingKeys.conversation(memberId),
    queryFn: async ({ signal }) => {
      const detail = await api.get<ConversationDetailDto>(conversationPath(memberId), signal);
      rememberPresence(queryClient, detail.presence);
      return detail;
    },
  });
}

/** The thread's messages: 20 a page, newest first; older pages on demand. */
export function useConversationMessages(memberId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: messagingKeys.messages(memberId),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ pageSize: String(MESSAGE_PAGE_SIZE) });
      if (pageParam) params.set('before', pageParam);
      return api.get<MessagePageDto>(conversationPath(memberId, `/messages?${params.toString()}`), signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

/** Marks everything the other member sent as read (mark_messages_as_read) and updates the badges. */
export function useMarkConversationRead(memberId: string, viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MarkConversationReadDto>(conversationPath(memberId, '/read')),
    onSuccess: (result) => {
      queryClient.setQueryData(unreadKey, result.unread);
      // Everything they sent so far is read, even if this clock runs behind the server's.
      const newest = threadMessages(
        queryClient.getQueryData<ThreadData>(messagingKeys.messages(memberId)),
      ).at(-1);
      const now = new Date().toISOString();
      const readAt = newest && newest.created_at > now ? newest.created_at : now;
      storeMessagesRead(queryClient, { readerId: viewerId, senderId: memberId, readAt }, viewerId);
      // The matching NEW_MESSAGE notifications were read with the messages.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

/**
 * Archive or unarchive, mute or unmute the conversation with `memberId` (for the caller only). The
 * thread header shows the new state at once; the lists are fetched again.
 */
export function useUpdateConversation(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdateConversationBody) =>
      api.patch<ConversationStateDto>(conversationPath(memberId), change),
    onSuccess: (state) => {
      queryClient.setQueryData<ConversationDetail>(messagingKeys.conversation(memberId), (detail) =>
        detail ? { ...detail, archived: state.archived, muted: state.muted } : detail,
      );
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversationLists() });
    },
  });
}

/** Search within the member's own messages: pages of at most 20, newest first. */
export function useMessageSearch(q: string) {
  const enabled = q.length >= MESSAGE_SEARCH_LIMITS.minLength && q.length <= MESSAGE_SEARCH_LIMITS.maxLength;
  return useInfiniteQuery({
    queryKey: messagingKeys.search(q),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ q, page: String(pageParam) });
      return api.get<MessageSearchPageDto>(`/api/messages/search?${params.toString()}`, signal);
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled,
  });
}

/** No answer at all, a server failure or a rate limit: worth another try with the same client_id. */
function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * POST /api/messages, tried up to 3 times 1 s apart (spec 001 §5) with the same client_id, so a
 * retry after a lost answer returns the first message instead of storing a second one. An answer
 * that says no (4xx) is not repeated.
 */
export async function sendMessage(body: SendMessageBody): Promise<Message> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= MESSAGE_SEND_RETRY.attempts; attempt += 1) {
    try {
      return await api.post<MessageDto>('/api/messages', body);
    } catch (error) {
      lastError = error;
      if (!isRetryable(error) || attempt === MESSAGE_SEND_RETRY.attempts) break;
      await wait(MESSAGE_SEND_RETRY.delayMs);
    }
  }
  throw lastError;
}

async function deliver(queryClient: QueryClient, entry: OutgoingMessage, viewerId: string): Promise<void> {
  const outbox = outboxOf(queryClient);
  outbox.update(entry.recipient_id, entry.client_id, { status: 'sending', error: null });
  try {
    const message = await sendMessage({
      content: entry.content,
      images: entry.images,
      recipient_id: entry.recipient_id,
      client_id: entry.client_id,
      ...(entry.product_id ? { product_id: entry.product_id } : {}),
    });
    storeMessage(queryClient, message, viewerId);
    outbox.remove(entry.recipient_id, entry.client_id);
    const detail = queryClient.getQueryData<ConversationDetail>(
      messagingKeys.conversation(entry.recipient_id),
    );
    if (message.product_id && detail && !detail.listing) {
      // The conversation now starts from this listing; the header shows its card.
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversation(entry.recipient_id) });
    }
  } catch (error) {
    outbox.update(entry.recipient_id, entry.client_id, { status: 'failed', error: errorMessage(error) });
  }
}

/** A fresh client id for one message (its retries reuse it). */
export function newClientId(): string {
  return crypto.randomUUID();
}

/**
 * Sending to one member: the message shows at once as "sending", becomes the server's message
 * once stored, or stays "failed" with the reason and a retry that reuses its client_id.
 */
export function useSendMessage(recipientId: string, viewerId: string) {
  const queryClient = useQueryClient();
  const send = useCallback(
    (content: string, listingId: string | null, images: string[] = []) => {
      const entry: OutgoingMessage = {
        client_id: newClientId(),
        recipient_id: recipientId,
        content,
        images,
        product_id: listingId,
        created_at: new Date().toISOString(),
        status: 'sending',
        error: null,
      };
      // A brand-new thread has no cached pages yet: start one so the sent message lands in it.
      queryClient.setQueryData<ThreadData>(
        messagingKeys.messages(recipientId),
        (data) => data ?? { pages: [{ items: [], nextCursor: null }], pageParams: [null] },
      );
      outboxOf(queryClient).add(entry);
      void deliver(queryClient, entry, viewerId);
    },
    [queryClient, recipientId, viewerId],
  );
  const retry = useCallback(
    (clientId: string) => {
      const entry = outboxOf(queryClient).find(recipientId, clientId);
      if (entry && entry.status === 'failed') void deliver(queryClient, entry, viewerId);
    },
    [queryClient, recipientId, viewerId],
  );
  return { send, retry };
}
