import type {
  ConversationDetailDto,
  ConversationDto,
  MarkConversationReadDto,
  MessageDto,
  MessagePageDto,
  OfferDto,
  SendMessageBody,
  ServerEvent,
} from '@castline/shared';
import { conversationIdFor, MESSAGING_MESSAGES } from '@castline/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRealtimeSync } from '../../../app/realtime-sync';
import { FakeWebSocket } from '../../../lib/realtime/testing/fake-web-socket';
import type { MockAnswer, RecordedRequest } from '../../../test/fetch-mock';
import { apiError } from '../../../test/fetch-mock';
import { guestSession } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { buildOffer } from '../../offers/api/offer-fixtures';
import { buildListingDto } from '../../listings/lib/testing/listing-fixture';
import { unreadKey } from '../../../lib/notification-keys';
import {
  buildConversation,
  buildDetail,
  buildMessage,
  buyer,
  BUYER,
  LISTING_ID,
  ME,
  me,
  mySession,
  presenceOf,
  rod,
  seller,
  SELLER,
} from '../api/messaging.fixtures';
import { typingStore } from '../api/typing-store';
import { MessagesRoute } from './messages-route';

type Routes = Record<string, MockAnswer | ((request: RecordedRequest) => MockAnswer | Promise<MockAnswer>)>;

/** The page with the app's realtime wiring, as the root layout gives it. */
function WithRealtime({ children }: { children: ReactNode }) {
  useRealtimeSync();
  return children;
}

const page = (
  <WithRealtime>
    <MessagesRoute />
  </WithRealtime>
);

/** The address of the request being answered (the mock records only the path). */
function currentUrl(): URL {
  const call = vi.mocked(fetch).mock.calls.at(-1);
  return new URL(String(call?.[0]), 'http://localhost');
}

function show(initialEntry: string, server: Routes = {}, session = mySession) {
  const view = renderRoute(page, {
    path: '/messages',
    initialEntry,
    session,
    routes: [{ path: '/messages/:userId', element: page }],
    server: {
      'GET /api/conversations': { body: { items: [], total: 0 } },
      ...server,
    },
  });
  return view;
}

/** Opens the realtime connection the page started. */
async function connect(): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
  const socket = FakeWebSocket.latest();
  act(() => socket.open());
  return socket;
}

function push(socket: FakeWebSocket, event: ServerEvent) {
  act(() => socket.receive(event));
}

/** Messages of a thread, given oldest first, as one page answered newest first. */
function pageOf(messages: MessageDto[], nextCursor: string | null = null): { body: MessagePageDto } {
  return { body: { items: [...messages].reverse(), nextCursor } };
}

/** A thread with the seller: its header, messages and the read endpoint. */
function sellerThread({
  detail = {},
  messages = [],
  nextCursor = null,
  offers = [],
}: {
  detail?: Partial<ConversationDetailDto>;
  messages?: MessageDto[];
  nextCursor?: string | null;
  offers?: OfferDto[];
} = {}): Routes {
  const read: MarkConversationReadDto = { updated: 1, unread: { messages: 0, notifications: 2 } };
  return {
    [`GET /api/me/offers/with/${SELLER}`]: { body: { items: offers } },
    [`GET /api/conversations/${SELLER}`]: { body: buildDetail(seller, detail) },
    [`GET /api/conversations/${SELLER}/messages`]: pageOf(messages, nextCursor),
    [`POST /api/conversations/${SELLER}/read`]: { body: read },
  };
}

/** POST /api/messages stores what was sent and answers it. */
function stored(request: RecordedRequest): MockAnswer {
  const body = request.body as SendMessageBody;
  return {
    status: 201,
    body: buildMessage({
      sender_id: ME,
      recipient_id: body.recipient_id,
      content: body.content,
      images: body.images ?? [],
      client_id: body.client_id ?? null,
      product_id: body.product_id ?? null,
    }),
  };
}

const composer = () => screen.findByRole('textbox', { name: 'Message reel_deal' });

beforeEach(() => {
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

afterEach(() => {
  typingStore.clear();
});

describe('conversation list', () => {
  it('lists conversations newest first with the member, last message, time, unread count and presence', async () => {
    const fromSeller = buildMessage({
      sender_id: SELLER,
      recipient_id: ME,
      content: 'Still have the reel?',
      created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    });
    const toBuyer = buildMessage({
      sender_id: ME,
      recipient_id: BUYER,
      content: 'Shipped it today',
      created_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
      read: true,
    });
    const rows: ConversationDto[] = [
      buildConversation(seller, fromSeller, { unread_count: 12, listing: rod }),
      buildConversation(buyer, toBuyer, { presence: presenceOf(BUYER, { status: 'offline' }) }),
    ];
    show('/messages', { 'GET /api/conversations': { body: { items: rows, total: 2 } } });

    const list = within(await screen.findByRole('region', { name: 'Conversations' }));
    const links = await list.findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/messages/${SELLER}`,
      `/messages/${BUYER}`,
    ]);

    const first = within(links[0]!);
    expect(first.getByText('reel_deal')).toBeInTheDocument();
    expect(first.getByText('Still have the reel?')).toBeInTheDocument();
    expect(first.getByText('5 minutes ago')).toBeInTheDocument();
    expect(first.getByText('9+')).toBeInTheDocument();
    expect(first.getByText('12 unread messages')).toBeInTheDocument();
    // Presence is drawn once its code has loaded (members only: member-presence.tsx).
    expect(await first.findByText('Online')).toBeInTheDocument();
    // A conversation about a listing shows the listing: its title and price.
    expect(first.getByText(rod.title)).toBeInTheDocument();
    expect(first.getByText('$180')).toBeInTheDocument();

    const second = within(links[1]!);
    expect(second.queryByText(/\$/)).not.toBeInTheDocument();
    expect(second.getByText('You: Shipped it today')).toBeInTheDocument();
    expect(second.queryByText('Online')).not.toBeInTheDocument();
    expect(second.queryByText(/unread/)).not.toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'No conversation open' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Messages · Castline'));
  });

  it('says how to start when there are no conversations yet', async () => {
    show('/messages');

    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    const list = within(screen.getByRole('region', { name: 'Conversations' }));
    expect(await list.findByRole('heading', { name: 'No conversations yet' })).toBeInTheDocument();
    expect(
      list.getByText('Search for a member above to message them, or message a seller from any listing.'),
    ).toBeInTheDocument();
    expect(list.getByRole('link', { name: 'Browse the Marketplace' })).toHaveAttribute(
      'href',
      '/marketplace',
    );
  });

  it('searches conversations, members and messages with one search', async () => {
    const rows = [
      buildConversation(seller, buildMessage({ sender_id: SELLER, recipient_id: ME })),
      buildConversation(buyer, buildMessage({ sender_id: BUYER, recipient_id: ME })),
    ];
    const searched: string[] = [];
    const found = buildMessage({ sender_id: SELLER, recipient_id: ME, content: 'The reel is serviced' });
    const { user } = show('/messages', {
      'GET /api/conversations': () => {
        const q = currentUrl().searchParams.get('q') ?? '';
        searched.push(q);
        const items = rows.filter((row) => row.member.username.includes(q));
        return { body: { items, total: items.length } };
      },
      'GET /api/profiles/search': () => {
        const q = currentUrl().searchParams.get('q') ?? '';
        return { body: { items: [seller, buyer].filter((m) => m.username.includes(q)) } };
      },
      'GET /api/messages/search': () => {
        const q = currentUrl().searchParams.get('q') ?? '';
        const items = q === 'reel' ? [{ message: found, member: seller }] : [];
        return { body: { items, total: items.length, page: 1, pageSize: 20 } };
      },
      ...sellerThread(),
    });

    const list = within(await screen.findByRole('region', { name: 'Conversations' }));
    await list.findByText('bass_boss');
    const search = list.getByRole('searchbox', { name: 'Search conversations, members and messages' });
    await user.type(search, 'reel');

    await waitFor(() => expect(list.queryByText('bass_boss')).not.toBeInTheDocument());
    expect(list.getAllByText('reel_deal').length).toBeGreaterThan(0);
    // One request for the whole word, not one per key.
    expect(new Set(searched)).toEqual(new Set(['', 'reel']));
    // The message found opens the conversation at that message.
    const messages = within(await list.findByRole('region', { name: 'Messages' }));
    expect(await messages.findByRole('link', { name: /The reel is serviced/ })).toHaveAttribute(
      'href',
      `/messages/${SELLER}?message=${found.id}`,
    );

    await user.clear(search);
    await user.type(search, 'bass');
    const members = within(await list.findByRole('region', { name: 'Start a new conversation' }));
    await waitFor(() => expect(list.queryByText('reel_deal')).not.toBeInTheDocument());
    expect(await members.findByText(/No other member matches/)).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'pike');
    expect(await list.findByText(/Nobody you have talked with has “pike”/)).toBeInTheDocument();
    await user.click(list.getByRole('button', { name: 'Clear search' }));
    expect(await list.findByText('bass_boss')).toBeInTheDocument();
  });

  it('starts a new conversation with a member found by the search', async () => {
    const { user } = show('/messages', {
      'GET /api/profiles/search': { body: { items: [seller] } },
      'GET /api/messages/search': { body: { items: [], total: 0, page: 1, pageSize: 20 } },
      ...sellerThread(),
    });

    await user.type(
      await screen.findByRole('searchbox', { name: 'Search conversations, members and messages' }),
      'reel',
    );
    const members = within(await screen.findByRole('region', { name: 'Start a new conversation' }));
    await user.click(await members.findByRole('link', { name: /reel_deal/ }));

    const thread = within(await screen.findByRole('region', { name: 'Conversation' }));
    expect(await thread.findByRole('heading', { level: 2, name: 'reel_deal' })).toBeInTheDocument();
  });

  it('moves between the inbox and the archive, with a useful empty archive', async () => {
    const archivedOne = buildConversation(
      buyer,
      buildMessage({ sender_id: BUYER, recipient_id: ME, content: 'Old news' }),
      { archived: true, muted: true, unread_count: 1 },
    );
    const { user } = show('/messages', {
      'GET /api/conversations': () =>
        currentUrl().searchParams.get('archived') === 'true'
          ? { body: { items: [archivedOne], total: 1 } }
          : { body: { items: [], total: 0 } },
    });
    const list = within(await screen.findByRole('region', { name: 'Conversations' }));
    expect(await list.findByRole('heading', { name: 'No conversations yet' })).toBeInTheDocument();
    await user.click(list.getByRole('button', { name: 'Archived' }));
    expect(await list.findByText('bass_boss')).toBeInTheDocument();
    expect(list.getByRole('link', { name: /bass_boss, muted/ })).toBeInTheDocument();
    expect(list.getByRole('button', { name: 'Archived' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('offers another try when the list cannot be loaded', async () => {
    let fail = true;
    const { user } = show('/messages', {
      'GET /api/conversations': () =>
        fail ? apiError(500, 'INTERNAL', 'Something broke on our side') : { body: { items: [], total: 0 } },
    });

    expect(await screen.findByText('Something broke on our side')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeInTheDocument();
  });
});

describe('thread', () => {
  it('opens from the list with the member, their presence, the listing card and the messages by day', async () => {
    const yesterday = new Date(Date.now() - 24 * 3600_000);
    yesterday.setHours(12, 0, 0, 0);
    const messages = [
      buildMessage({
        sender_id: ME,
        recipient_id: SELLER,
        content: 'Is the rod still for sale?',
        read: true,
        created_at: yesterday.toISOString(),
      }),
      buildMessage({ sender_id: SELLER, recipient_id: ME, content: 'Yes it is', read: true }),
    ];
    const { user, router } = show('/messages', {
      'GET /api/conversations': {
        body: { items: [buildConversation(seller, messages[1]!, { listing: rod })], total: 1 },
      },
      ...sellerThread({ detail: { listing: rod }, messages }),
    });

    await user.click(await screen.findByRole('link', { name: /reel_deal/ }));
    expect(router.state.location.pathname).toBe(`/messages/${SELLER}`);

    const thread = within(await screen.findByRole('region', { name: 'Conversation' }));
    expect(await thread.findByRole('heading', { level: 2, name: 'reel_deal' })).toBeInTheDocument();
    expect(thread.getByRole('link', { name: 'reel_deal' })).toHaveAttribute('href', `/profile/${SELLER}`);
    expect(thread.getAllByText('Online').length).toBeGreaterThan(0);
    expect(thread.getByRole('link', { name: `Listing: ${rod.title}` })).toHaveAttribute(
      'href',
      `/marketplace/${LISTING_ID}`,
    );
    // Its terms as a tag, as on the marketplace's cards.
    expect(thread.getByRole('link', { name: `Listing: ${rod.title}` })).toHaveTextContent('Free shipping');
    const log = within(await thread.findByRole('log', { name: 'Messages with reel_deal' }));
    expect(log.getByRole('heading', { name: 'Yesterday' })).toBeInTheDocument();
    expect(log.getByRole('heading', { name: 'Today' })).toBeInTheDocument();
    expect(log.getByText('Is the rod still for sale?')).toBeInTheDocument();
    expect(log.getByText('Yes it is')).toBeInTheDocument();
    expect(thread.getByRole('link', { name: 'Back to conversations' })).toHaveAttribute('href', '/messages');
  });

  it('shows the two members’ offers as cards where each was made, with the steps open to the viewer', async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
    const messages = [
      buildMessage({
        sender_id: ME,
        recipient_id: SELLER,
        content: 'Would you take less?',
        read: true,
        created_at: hoursAgo(3),
      }),
      buildMessage({
        sender_id: SELLER,
        recipient_id: ME,
        content: 'Send me an offer',
        read: true,
        created_at: hoursAgo(1),
      }),
    ];
    // The viewer made an offer on the seller's reel; the seller countered.
    const countered = buildOffer({
      buyer: { id: ME, username: me.username, full_name: null, avatar_url: null },
      seller: { ...seller },
      listing: { ...buildOffer().listing, seller_id: SELLER, title: 'Penn Battle III 4000' },
      amount: 80,
      counter_amount: 95,
      status: 'countered',
      created_at: hoursAgo(2),
      updated_at: hoursAgo(2),
      actions: ['accept', 'reject', 'cancel'],
    });
    const { user, server } = show(`/messages/${SELLER}`, {
      ...sellerThread({ messages, offers: [countered] }),
      [`POST /api/offers/${countered.id}/accept`]: {
        body: { ...countered, status: 'accepted', order_id: 'o_1', actions: [] },
      },
    });
    const log = within(await screen.findByRole('log', { name: 'Messages with reel_deal' }));
    const card = await log.findByRole('article', { name: /Penn Battle III 4000/ });
    // Between the message before it and the one after it.
    const order = [log.getByText('Would you take less?'), card, log.getByText('Send me an offer')];
    expect(order[0]!.compareDocumentPosition(order[1]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(order[1]!.compareDocumentPosition(order[2]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(card).getByRole('button', { name: /Accept/ })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Counter/ })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: /Accept/ }));
    await waitFor(() => expect(server.calls('POST', `/api/offers/${countered.id}/accept`)).toHaveLength(1));
  });

  it('shows a message that arrives live, and watches the member’s presence', async () => {
    show(`/messages/${SELLER}`, sellerThread());
    const socket = await connect();
    await composer();

    await waitFor(() => expect(socket.framesOf('presence.watch').at(-1)?.user_ids).toEqual([SELLER]));
    push(socket, { type: 'presence', presence: presenceOf(SELLER, { status: 'away' }) });
    // The header says it, and the avatar's dot says it to screen readers.
    expect(await screen.findAllByText('Away')).toHaveLength(2);
    expect(screen.queryByText('Online')).not.toBeInTheDocument();

    push(socket, {
      type: 'message.created',
      message: buildMessage({ sender_id: SELLER, recipient_id: ME, content: 'Hello from the lake' }),
    });
    expect(await screen.findByText('Hello from the lake')).toBeInTheDocument();
  });

  it('sends with Enter: shows it at once, then as sent, with a client id, and stops "typing"', async () => {
    let answered: MessageDto | undefined;
    const { user, server } = show(`/messages/${SELLER}`, {
      ...sellerThread(),
      'POST /api/messages': (request) => {
        const answer = stored(request);
        answered = answer.body as MessageDto;
        return answer;
      },
    });
    const socket = await connect();

    const field = await composer();
    await user.type(field, 'Would you take $150?');
    expect(socket.framesOf('typing')).toEqual([{ type: 'typing', recipient_id: SELLER, typing: true }]);
    await user.keyboard('{Enter}');

    expect(field).toHaveValue('');
    const log = within(await screen.findByRole('log'));
    expect(await log.findByText('Would you take $150?')).toBeInTheDocument();
    expect(await log.findByText('Sent')).toBeInTheDocument();
    const [sent] = server.calls('POST', '/api/messages');
    expect(sent?.body).toEqual({
      content: 'Would you take $150?',
      images: [],
      recipient_id: SELLER,
      client_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
    });
    expect(socket.framesOf('typing').at(-1)).toEqual({ type: 'typing', recipient_id: SELLER, typing: false });

    // The server's copy of the same message over the socket is not shown twice.
    push(socket, { type: 'message.created', message: answered! });
    expect(log.getAllByText('Would you take $150?')).toHaveLength(1);
  });

  it('shows photos as thumbnails that open full size in a labelled dialog and give focus back', async () => {
    const photo = `/files/message-images/${SELLER}-1-ab.webp`;
    const { user } = show(`/messages/${SELLER}`, {
      ...sellerThread({
        messages: [buildMessage({ sender_id: SELLER, recipient_id: ME, content: '', images: [photo] })],
      }),
    });
    const log = within(await screen.findByRole('log'));
    const thumbnail = await log.findByRole('button', { name: 'Photo from reel_deal, open full size' });
    await user.click(thumbnail);
    const dialog = await screen.findByRole('dialog', { name: 'Photo from reel_deal' });
    expect(within(dialog).getByRole('img', { name: 'Photo from reel_deal' })).toHaveAttribute('src', photo);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(thumbnail).toHaveFocus();
  });

  it('archives and mutes the conversation from its header, and undoes both', async () => {
    const changes: unknown[] = [];
    const { user } = show(`/messages/${SELLER}`, {
      ...sellerThread({ messages: [buildMessage({ sender_id: SELLER, recipient_id: ME })] }),
      [`PATCH /api/conversations/${SELLER}`]: (request) => {
        const body = request.body as { archived?: boolean; muted?: boolean };
        changes.push(body);
        return {
          body: {
            id: 'x',
            archived: body.archived ?? false,
            muted: body.muted ?? changes.length === 2,
          },
        };
      },
    });
    const thread = within(await screen.findByRole('region', { name: 'Conversation' }));
    await user.click(await thread.findByRole('button', { name: 'Archive conversation' }));
    expect(await thread.findByRole('button', { name: 'Move conversation to inbox' })).toBeInTheDocument();
    await user.click(thread.getByRole('button', { name: 'Mute conversation' }));
    expect(await thread.findByRole('button', { name: 'Unmute conversation' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(changes).toEqual([{ archived: true }, { muted: true }]);
  });

  it('starts a new line with Shift+Enter and sends nothing', async () => {
    const { user, server } = show(`/messages/${SELLER}`, { ...sellerThread(), 'POST /api/messages': stored });

    const field = await composer();
    await user.type(field, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(field).toHaveValue('Line one\nLine two');
    expect(server.calls('POST', '/api/messages')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('throttles typing frames and says "stopped" after 4 s without typing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = show(`/messages/${SELLER}`, sellerThread());
    const socket = await connect();

    const field = await composer();
    await user.type(field, 'Hi');
    await user.type(field, ' there');
    expect(socket.framesOf('typing')).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(socket.framesOf('typing')).toEqual([
      { type: 'typing', recipient_id: SELLER, typing: true },
      { type: 'typing', recipient_id: SELLER, typing: false },
    ]);
  });

  it('retries a failed send up to 3 times, then offers Retry with the same client id', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers: MockAnswer[] = [
      apiError(503, 'SERVICE_UNAVAILABLE', 'Service unavailable'),
      { networkError: true },
      apiError(503, 'SERVICE_UNAVAILABLE', 'Service unavailable'),
    ];
    const { user, server } = show(`/messages/${SELLER}`, {
      ...sellerThread(),
      'POST /api/messages': (request) => answers.shift() ?? stored(request),
    });

    await user.type(await composer(), 'Is it still available?{Enter}');
    expect(await screen.findByText('Sending…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await act(() => vi.advanceTimersByTimeAsync(1000));

    expect(await screen.findByText(MESSAGING_MESSAGES.sendFailed)).toBeInTheDocument();
    expect(screen.getByText('Service unavailable')).toBeInTheDocument();
    const attempts = server.calls('POST', '/api/messages');
    expect(attempts).toHaveLength(3);
    const clientId = (attempts[0]?.body as SendMessageBody).client_id;
    expect(attempts.map((a) => (a.body as SendMessageBody).client_id)).toEqual([
      clientId,
      clientId,
      clientId,
    ]);

    answers = [];
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Sent')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGING_MESSAGES.sendFailed)).not.toBeInTheDocument();
    const all = server.calls('POST', '/api/messages');
    expect(all).toHaveLength(4);
    expect((all[3]?.body as SendMessageBody).client_id).toBe(clientId);
    expect(screen.getAllByText('Is it still available?')).toHaveLength(1);
  });

  it('does not repeat a send the server refused, and shows its reason as is', async () => {
    const { user, server } = show(`/messages/${SELLER}`, {
      ...sellerThread(),
      'POST /api/messages': apiError(403, 'FORBIDDEN', MESSAGING_MESSAGES.blockedByThem),
    });

    await user.type(await composer(), 'Hello?{Enter}');
    expect(await screen.findByText(MESSAGING_MESSAGES.blockedByThem)).toBeInTheDocument();
    expect(server.calls('POST', '/api/messages')).toHaveLength(1);
  });

  it('shows "Seen" under my last message once the other member has read it', async () => {
    const mine = buildMessage({ sender_id: ME, recipient_id: SELLER, content: 'Deal?' });
    show(`/messages/${SELLER}`, sellerThread({ messages: [mine] }));
    const socket = await connect();

    expect(await screen.findByText('Sent')).toBeInTheDocument();
    push(socket, {
      type: 'messages.read',
      conversation_id: mine.conversation_id,
      reader_id: SELLER,
      sender_id: ME,
      read_at: new Date(Date.now() + 1000).toISOString(),
    });
    expect(await screen.findByText('Seen')).toBeInTheDocument();
    expect(screen.queryByText('Sent')).not.toBeInTheDocument();
  });

  it('shows "<name> is typing…" while the other member types', async () => {
    show(
      `/messages/${SELLER}`,
      sellerThread({ messages: [buildMessage({ sender_id: SELLER, recipient_id: ME, read: true })] }),
    );
    const socket = await connect();
    await screen.findByRole('log');

    push(socket, { type: 'typing', user_id: SELLER, typing: true });
    expect(await screen.findByText('reel_deal is typing…')).toBeInTheDocument();
    push(socket, { type: 'typing', user_id: SELLER, typing: false });
    await waitFor(() => expect(screen.queryByText('reel_deal is typing…')).not.toBeInTheDocument());
  });

  it('renders links as links and everything else as text, never as HTML', async () => {
    const content =
      'Photos: https://example.com/rod?id=7. <b>bold</b> <img src=x onerror=alert(1)> javascript:alert(1)';
    show(
      `/messages/${SELLER}`,
      sellerThread({
        messages: [buildMessage({ sender_id: SELLER, recipient_id: ME, content, read: true })],
      }),
    );

    const log = await screen.findByRole('log');
    const link = await within(log).findByRole('link', { name: 'https://example.com/rod?id=7' });
    expect(link).toHaveAttribute('href', 'https://example.com/rod?id=7');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(within(log).getAllByRole('link')).toHaveLength(1);
    expect(log.querySelector('b, img')).toBeNull();
    expect(log).toHaveTextContent('<b>bold</b> <img src=x onerror=alert(1)> javascript:alert(1)');
  });

  it('marks the thread read when it opens with unread messages, and again when one arrives', async () => {
    const unread = buildMessage({ sender_id: SELLER, recipient_id: ME, content: 'Are you there?' });
    const { server, queryClient } = show(
      `/messages/${SELLER}`,
      sellerThread({ detail: { unread_count: 1 }, messages: [unread] }),
    );
    const socket = await connect();

    await waitFor(() => expect(server.calls('POST', `/api/conversations/${SELLER}/read`)).toHaveLength(1));
    await waitFor(() =>
      expect(queryClient.getQueryData(unreadKey)).toEqual({ messages: 0, notifications: 2 }),
    );

    push(socket, {
      type: 'message.created',
      message: buildMessage({ sender_id: SELLER, recipient_id: ME, content: 'Hello again' }),
    });
    await screen.findByText('Hello again');
    await waitFor(() => expect(server.calls('POST', `/api/conversations/${SELLER}/read`)).toHaveLength(2));
  });

  it('does not mark anything read when nothing is unread', async () => {
    const { server } = show(
      `/messages/${SELLER}`,
      sellerThread({ messages: [buildMessage({ sender_id: SELLER, recipient_id: ME, read: true })] }),
    );
    await screen.findByRole('log');
    expect(server.calls('POST', `/api/conversations/${SELLER}/read`)).toHaveLength(0);
  });

  it('loads older messages at the top', async () => {
    const recent = buildMessage({ sender_id: SELLER, recipient_id: ME, content: 'Newest', read: true });
    const old = buildMessage({
      sender_id: SELLER,
      recipient_id: ME,
      content: 'From last week',
      read: true,
      created_at: new Date(Date.now() - 7 * 24 * 3600_000).toISOString(),
    });
    const { user } = show(`/messages/${SELLER}`, {
      ...sellerThread(),
      [`GET /api/conversations/${SELLER}/messages`]: () =>
        currentUrl().searchParams.get('before') === 'cursor-2' ? pageOf([old]) : pageOf([recent], 'cursor-2'),
    });

    await screen.findByText('Newest');
    expect(screen.queryByText('From last week')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load older messages' }));
    expect(await screen.findByText('From last week')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument();
    const texts = within(screen.getByRole('log')).getAllByText(/Newest|From last week/);
    expect(texts.map((node) => node.textContent)).toEqual(['From last week', 'Newest']);
  });

  it('starts from a listing: its card before the first message, and the first message carries it', async () => {
    const listing = buildListingDto({ id: LISTING_ID, title: rod.title, seller_id: SELLER, images: [] });
    const { user, server } = show(`/messages/${SELLER}?listing=${LISTING_ID}`, {
      ...sellerThread(),
      [`GET /api/listings/${LISTING_ID}`]: { body: listing },
      'POST /api/messages': stored,
    });

    expect(await screen.findByRole('link', { name: `Listing: ${rod.title}` })).toHaveAttribute(
      'href',
      `/marketplace/${LISTING_ID}`,
    );
    expect(screen.getByRole('heading', { name: 'No messages yet' })).toBeInTheDocument();

    await user.type(await composer(), 'Hi! Is this available?{Enter}');
    await screen.findByText('Sent');
    await user.type(await composer(), 'And can you ship?{Enter}');
    await waitFor(() => expect(server.calls('POST', '/api/messages')).toHaveLength(2));
    const [first, second] = server.calls('POST', '/api/messages').map((r) => r.body as SendMessageBody);
    expect(first?.product_id).toBe(LISTING_ID);
    expect(second?.product_id).toBeUndefined();
  });

  it.each([
    ['I blocked them', { blocked_by_me: true }, MESSAGING_MESSAGES.blockedByYou],
    ['they blocked me', { blocked_by_them: true }, MESSAGING_MESSAGES.blockedByThem],
  ])('disables the composer with the reason when %s', async (_case, detail, reason) => {
    show(`/messages/${SELLER}`, sellerThread({ detail }));

    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(await composer()).toBeDisabled();
    expect(await composer()).toHaveAccessibleDescription(reason);
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
  });
});

it('keeps a blocked member’s messages collapsed until asked', async () => {
  const fromSeller = buildMessage({
    sender_id: SELLER,
    recipient_id: ME,
    content: 'Last chance on the rod!',
  });
  const { user } = show(
    `/messages/${SELLER}`,
    sellerThread({ detail: { blocked_by_me: true }, messages: [fromSeller] }),
  );

  expect(
    await screen.findByText('You blocked reel_deal, so this conversation is hidden.'),
  ).toBeInTheDocument();
  expect(screen.queryByText('Last chance on the rod!')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Show messages' }));
  expect(await screen.findByText('Last chance on the rod!')).toBeInTheDocument();
});

describe('addresses', () => {
  it('accepts the recipient from a notification link (?recipient=)', async () => {
    const { server } = show(`/messages?recipient=${SELLER}`, sellerThread());

    expect(await screen.findByRole('heading', { level: 2, name: 'reel_deal' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeInTheDocument();
    expect(server.calls('GET', `/api/conversations/${SELLER}`).length).toBeGreaterThan(0);
  });

  it('opens /messages/{conversationId} as the thread with the other member', async () => {
    const { server } = show(`/messages/${conversationIdFor(ME, SELLER)}`, sellerThread());

    expect(await screen.findByRole('heading', { level: 2, name: 'reel_deal' })).toBeInTheDocument();
    expect(server.requests.map((r) => r.path)).not.toContain(
      `/api/conversations/${conversationIdFor(ME, SELLER)}`,
    );
    expect(server.calls('GET', `/api/conversations/${SELLER}`).length).toBeGreaterThan(0);
  });

  it("refuses a conversation id that is not the member's own", async () => {
    show(`/messages/${conversationIdFor(BUYER, SELLER)}`);

    expect(
      await screen.findByRole('heading', { name: MESSAGING_MESSAGES.recipientNotFound }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("shows the server's 'Recipient not found' for an unknown member", async () => {
    show(`/messages/${SELLER}`, {
      [`GET /api/conversations/${SELLER}`]: apiError(404, 'NOT_FOUND', MESSAGING_MESSAGES.recipientNotFound),
      [`GET /api/conversations/${SELLER}/messages`]: apiError(
        404,
        'NOT_FOUND',
        MESSAGING_MESSAGES.recipientNotFound,
      ),
    });

    expect(
      await screen.findByRole('heading', { name: MESSAGING_MESSAGES.recipientNotFound }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All conversations' })).toHaveAttribute('href', '/messages');
  });

  it('does not open a conversation with oneself', async () => {
    show(`/messages/${ME}`);
    expect(
      await screen.findByRole('heading', { name: MESSAGING_MESSAGES.cannotMessageSelf }),
    ).toBeInTheDocument();
  });

  it('renders nothing and opens no connection without a signed-in member', async () => {
    const { queryClient } = show('/messages', {}, guestSession);

    await waitFor(() => expect(queryClient.getQueryData(['auth', 'session'])).toEqual(guestSession));
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(FakeWebSocket.instances).toHaveLength(0);
  });
});
