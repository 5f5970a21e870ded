import type {
  ConversationListDto,
  NotificationDto,
  NotificationListDto,
  OfferListDto,
  ServerEvent,
  UnreadCountsDto,
} from '@castline/shared';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ThreadData } from '../features/messaging/api/message-cache';
import { threadMessages } from '../features/messaging/api/message-cache';
import {
  buildConversation,
  buildMessage,
  buyer,
  ME,
  presenceOf,
  seller,
  SELLER,
} from '../features/messaging/api/messaging.fixtures';
import { messagingKeys } from '../features/messaging/api/messaging-keys';
import { typingStore } from '../features/messaging/api/typing-store';
import { notificationKeys, unreadKey } from '../lib/notification-keys';
import { offerKeys } from '../features/offers/api/offer-keys';
import { listingKeys } from '../features/listings/api/listing-queries';
import { orderKeys } from '../features/orders/api/order-keys';
import { presenceKeys } from '../features/presence/api/presence-keys';
import { onSessionExpired } from '../lib/api-client';
import { RealtimeClient } from '../lib/realtime';
import { FakeWebSocket } from '../lib/realtime/testing/fake-web-socket';
import { readSessionMessages } from '../lib/session-messages';
import { connectRealtimeToCache } from './realtime-cache';

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const client = new RealtimeClient({
    WebSocket: FakeWebSocket,
    url: () => 'ws://castline.test/api/realtime',
  });
  const disconnect = connectRealtimeToCache(client, queryClient, ME);
  client.start();
  FakeWebSocket.latest().open();
  const push = (event: ServerEvent) => FakeWebSocket.latest().receive(event);
  return { queryClient, client, disconnect, push };
}

function thread(items: ReturnType<typeof buildMessage>[]): ThreadData {
  return { pages: [{ items: [...items].reverse(), nextCursor: 'older' }], pageParams: [null] };
}

function notification(overrides: Partial<NotificationDto> = {}): NotificationDto {
  return {
    id: 'b3c1e6a0-0000-4000-8000-000000000001',
    user_id: ME,
    type: 'NEW_MESSAGE',
    title: 'New Message',
    message: 'reel_deal: Still available?',
    data: { senderId: SELLER },
    read: false,
    created_at: '2025-03-14T10:00:00.000Z',
    updated_at: '2025-03-14T10:00:00.000Z',
    ...overrides,
  };
}

beforeEach(() => {
  FakeWebSocket.reset();
});

afterEach(() => {
  typingStore.clear();
});

describe('realtime events into the query cache', () => {
  it('adds a new message to the open thread once, and moves its conversation to the top', () => {
    const { queryClient, push } = setup();
    const older = buildMessage({
      sender_id: ME,
      recipient_id: SELLER,
      created_at: '2025-03-14T09:00:00.000Z',
    });
    queryClient.setQueryData(messagingKeys.messages(SELLER), thread([older]));
    const withBuyer = buildConversation(buyer, buildMessage({ sender_id: buyer.id, recipient_id: ME }));
    const withSeller = buildConversation(seller, older);
    queryClient.setQueryData<ConversationListDto>(messagingKeys.conversations(''), {
      items: [withBuyer, withSeller],
      total: 2,
    });

    const incoming = buildMessage({ sender_id: SELLER, recipient_id: ME, content: 'Still available?' });
    push({ type: 'message.created', message: incoming });
    push({ type: 'message.created', message: incoming });

    const messages = threadMessages(queryClient.getQueryData(messagingKeys.messages(SELLER)));
    expect(messages.map((m) => m.content)).toEqual([older.content, 'Still available?']);
    const list = queryClient.getQueryData<ConversationListDto>(messagingKeys.conversations(''));
    expect(list?.items.map((row) => row.member.username)).toEqual(['reel_deal', 'bass_boss']);
    expect(list?.items[0]?.unread_count).toBe(1);
    expect(list?.items[0]?.last_message.content).toBe('Still available?');
  });

  it('replaces a message this tab already stored by its client_id instead of adding it twice', () => {
    const { queryClient, push } = setup();
    const mine = buildMessage({
      sender_id: ME,
      recipient_id: SELLER,
      client_id: 'c9d0e1f2-0000-4000-8000-000000000001',
    });
    queryClient.setQueryData(messagingKeys.messages(SELLER), thread([mine]));

    push({ type: 'message.created', message: { ...mine, read: true, read_at: mine.created_at } });

    const messages = threadMessages(queryClient.getQueryData(messagingKeys.messages(SELLER)));
    expect(messages).toHaveLength(1);
    expect(messages[0]?.read).toBe(true);
  });

  it('fetches a conversation list again when the message starts a conversation it does not have', () => {
    const { queryClient, push } = setup();
    queryClient.setQueryData<ConversationListDto>(messagingKeys.conversations(''), { items: [], total: 0 });

    push({ type: 'message.created', message: buildMessage({ sender_id: SELLER, recipient_id: ME }) });

    expect(queryClient.getQueryState(messagingKeys.conversations(''))?.isInvalidated).toBe(true);
  });

  it('marks my messages seen when the other member read them', () => {
    const { queryClient, push } = setup();
    const first = buildMessage({
      sender_id: ME,
      recipient_id: SELLER,
      created_at: '2025-03-14T09:00:00.000Z',
    });
    const second = buildMessage({
      sender_id: ME,
      recipient_id: SELLER,
      created_at: '2025-03-14T09:05:00.000Z',
    });
    queryClient.setQueryData(messagingKeys.messages(SELLER), thread([first, second]));

    push({
      type: 'messages.read',
      conversation_id: first.conversation_id,
      reader_id: SELLER,
      sender_id: ME,
      read_at: '2025-03-14T09:01:00.000Z',
    });

    const messages = threadMessages(queryClient.getQueryData(messagingKeys.messages(SELLER)));
    expect(messages.map((m) => m.read)).toEqual([true, false]);
  });

  it('clears the unread count of a conversation read in another tab', () => {
    const { queryClient, push } = setup();
    const last = buildMessage({
      sender_id: SELLER,
      recipient_id: ME,
      created_at: '2025-03-14T09:00:00.000Z',
    });
    queryClient.setQueryData<ConversationListDto>(messagingKeys.conversations(''), {
      items: [buildConversation(seller, last, { unread_count: 3 })],
      total: 1,
    });

    push({
      type: 'messages.read',
      conversation_id: last.conversation_id,
      reader_id: ME,
      sender_id: SELLER,
      read_at: '2025-03-14T09:10:00.000Z',
    });

    const list = queryClient.getQueryData<ConversationListDto>(messagingKeys.conversations(''));
    expect(list?.items[0]?.unread_count).toBe(0);
    expect(list?.items[0]?.last_message.read).toBe(true);
  });

  it('sets the unread totals behind the badges', () => {
    const { queryClient, push } = setup();
    push({ type: 'unread.changed', unread: { messages: 12, notifications: 4 } });
    expect(queryClient.getQueryData<UnreadCountsDto>(unreadKey)).toEqual({ messages: 12, notifications: 4 });
  });

  it('puts a new notification at the top of the list with one more unread, once', () => {
    const { queryClient, push } = setup();
    const earlier = notification({ id: 'b3c1e6a0-0000-4000-8000-000000000000', read: true });
    queryClient.setQueryData<NotificationListDto>(notificationKeys.list(), {
      items: [earlier],
      unread_count: 0,
    });

    const fresh = notification();
    push({ type: 'notification.created', notification: fresh });
    push({ type: 'notification.created', notification: fresh });

    const list = queryClient.getQueryData<NotificationListDto>(notificationKeys.list());
    expect(list?.items.map((n) => n.id)).toEqual([fresh.id, earlier.id]);
    expect(list?.unread_count).toBe(1);
  });

  it('fetches notifications again when they changed elsewhere, and offers when one changed', () => {
    const { queryClient, push } = setup();
    queryClient.setQueryData<NotificationListDto>(notificationKeys.list(), { items: [], unread_count: 0 });
    const offers: OfferListDto = { items: [], total: 0, page: 1, pageSize: 20 };
    queryClient.setQueryData(offerKeys.list('received', 'all', 1), offers);

    push({ type: 'notifications.changed' });
    expect(queryClient.getQueryState(notificationKeys.list())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(offerKeys.list('received', 'all', 1))?.isInvalidated).toBe(false);

    push({
      type: 'offer.changed',
      offer: {
        id: 'f0000000-0000-4000-8000-000000000001',
        product_id: 'l',
        listing: {
          id: 'l',
          title: 'Rod',
          price: 10,
          image: null,
          seller_id: SELLER,
          sold: false,
          available: true,
          handover: 'shipping',
          shipping_price: 0,
        },
        buyer: { id: ME, username: 'me', full_name: null, avatar_url: null },
        seller,
        amount: 9,
        note: null,
        counter_amount: null,
        counter_note: null,
        order_id: null,
        status: 'pending',
        expires_at: '2025-03-16T10:00:00.000Z',
        responded_at: null,
        created_at: '2025-03-14T10:00:00.000Z',
        updated_at: '2025-03-14T10:00:00.000Z',
      },
    });
    expect(queryClient.getQueryState(offerKeys.list('received', 'all', 1))?.isInvalidated).toBe(true);
  });

  it("refreshes an order's page, the order lists and its listing when the order changed, and nothing else", () => {
    const { queryClient, push } = setup();
    const page = { items: [], total: 0, page: 1, pageSize: 20 };
    queryClient.setQueryData(orderKeys.detail('o_1'), { id: 'o_1' });
    queryClient.setQueryData(orderKeys.detail('o_2'), { id: 'o_2' });
    queryClient.setQueryData(orderKeys.list('buying', 'all', 1), page);
    queryClient.setQueryData(listingKeys.detail('l_1'), { id: 'l_1' });
    queryClient.setQueryData(listingKeys.detail('l_2'), { id: 'l_2' });

    push({ type: 'order.changed', order_id: 'o_1', listing_id: 'l_1' });

    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalidated(orderKeys.detail('o_1'))).toBe(true);
    expect(invalidated(orderKeys.list('buying', 'all', 1))).toBe(true);
    expect(invalidated(listingKeys.detail('l_1'))).toBe(true);
    expect(invalidated(orderKeys.detail('o_2'))).toBe(false);
    expect(invalidated(listingKeys.detail('l_2'))).toBe(false);
  });

  it('keeps presence per member', () => {
    const { queryClient, push } = setup();
    const away = presenceOf(SELLER, { status: 'away' });
    push({ type: 'presence', presence: away });
    expect(queryClient.getQueryData(presenceKeys.member(SELLER))).toEqual(away);
  });

  it('knows who is typing until they stop, send, or go quiet', () => {
    vi.useFakeTimers();
    const { push } = setup();
    push({ type: 'typing', user_id: SELLER, typing: true });
    expect(typingStore.isTyping(SELLER)).toBe(true);
    push({ type: 'typing', user_id: SELLER, typing: false });
    expect(typingStore.isTyping(SELLER)).toBe(false);

    push({ type: 'typing', user_id: SELLER, typing: true });
    push({ type: 'message.created', message: buildMessage({ sender_id: SELLER, recipient_id: ME }) });
    expect(typingStore.isTyping(SELLER)).toBe(false);

    push({ type: 'typing', user_id: SELLER, typing: true });
    vi.advanceTimersByTime(6000);
    expect(typingStore.isTyping(SELLER)).toBe(false);
  });

  it('fetches the unread counts again when the connection first opens: what came before it is counted', () => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    queryClient.setQueryData<UnreadCountsDto>(unreadKey, { messages: 0, notifications: 0 });
    const client = new RealtimeClient({
      WebSocket: FakeWebSocket,
      url: () => 'ws://castline.test/api/realtime',
    });
    connectRealtimeToCache(client, queryClient, ME);
    client.start();
    expect(queryClient.getQueryState(unreadKey)?.isInvalidated).toBe(false);
    FakeWebSocket.latest().open();
    expect(queryClient.getQueryState(unreadKey)?.isInvalidated).toBe(true);
  });

  it('catches up after a reconnect: messaging, notifications, unread and offers are fetched again', () => {
    vi.useFakeTimers();
    const { queryClient } = setup();
    const keys = [
      messagingKeys.conversations(''),
      messagingKeys.messages(SELLER),
      notificationKeys.list(),
      unreadKey,
      offerKeys.list('made', 'open', 1),
      presenceKeys.member(SELLER),
    ];
    for (const key of keys) queryClient.setQueryData(key, { seeded: true });

    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(1000);
    for (const key of keys) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    FakeWebSocket.latest().open();

    const invalidated = keys.map((key) => queryClient.getQueryState(key)?.isInvalidated);
    expect(invalidated).toEqual([true, true, true, true, true, false]);
  });

  it('stops writing into the cache once disconnected', () => {
    const { queryClient, push, disconnect } = setup();
    disconnect();
    push({ type: 'unread.changed', unread: { messages: 1, notifications: 1 } });
    expect(queryClient.getQueryData(unreadKey)).toBeUndefined();
  });

  it('signs out at once when staff end the session, with their reason in the banner', () => {
    const { push } = setup();
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    push({ type: 'session.ended', message: 'Your account is banned until 1 Mar 2099: Spam listings' });
    stop();
    expect(expired).toHaveBeenCalledTimes(1);
    expect(readSessionMessages().map((entry) => entry.message)).toContain(
      'Your account is banned until 1 Mar 2099: Spam listings',
    );
    window.sessionStorage.clear();
  });
});
