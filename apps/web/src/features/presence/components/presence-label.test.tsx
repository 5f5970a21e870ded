import type { PresenceDto } from '@castline/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useRealtimeSync } from '../../../app/realtime-sync';
import { FakeWebSocket } from '../../../lib/realtime/testing/fake-web-socket';
import { guestSession, memberSession } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { PresenceDot, PresenceLabel, presenceText } from './presence-label';

const ANNA = '0a6f3f5e-aaaa-4c2a-9d1e-0000000000a1';
const BEN = '0a6f3f5e-bbbb-4c2a-9d1e-0000000000b2';
const CARL = '0a6f3f5e-cccc-4c2a-9d1e-0000000000c3';

const fiveMinutesAgo = () => new Date(Date.now() - 5 * 60_000).toISOString();

function presence(userId: string, overrides: Partial<PresenceDto> = {}): PresenceDto {
  return { user_id: userId, status: 'online', online_at: null, last_seen_at: null, ...overrides };
}

/** The ids of each GET /api/presence, as sent. */
function presenceServer(known: PresenceDto[]) {
  const asked: string[][] = [];
  return {
    asked,
    route: () => {
      const url = new URL(String(vi.mocked(fetch).mock.calls.at(-1)?.[0]), 'http://localhost');
      const ids = (url.searchParams.get('ids') ?? '').split(',');
      asked.push(ids);
      return { body: { items: known.filter((p) => ids.includes(p.user_id)) } };
    },
  };
}

/** The app's realtime connection with events into the cache, as the signed-in shell has it. */
function Connected({ children }: { children: React.ReactNode }) {
  useRealtimeSync();
  return children;
}

beforeEach(() => {
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

describe('presenceText', () => {
  it('says Online, Away, the last-seen time, or Offline', () => {
    const now = new Date('2025-03-14T12:00:00.000Z');
    expect(presenceText(presence(ANNA), now)).toBe('Online');
    expect(presenceText(presence(ANNA, { status: 'away' }), now)).toBe('Away');
    expect(
      presenceText(presence(ANNA, { status: 'offline', last_seen_at: '2025-03-14T11:55:00.000Z' }), now),
    ).toBe('Last seen 5 minutes ago');
    expect(
      presenceText(presence(ANNA, { status: 'offline', last_seen_at: '2025-03-13T11:00:00.000Z' }), now),
    ).toBe('Last seen yesterday');
    expect(presenceText(presence(ANNA, { status: 'offline' }), now)).toBe('Offline');
    expect(presenceText(null, now)).toBeNull();
  });
});

describe('PresenceLabel', () => {
  it('asks for every member on the page in one request and shows each', async () => {
    const server = presenceServer([
      presence(ANNA),
      presence(BEN, { status: 'away' }),
      presence(CARL, { status: 'offline', last_seen_at: fiveMinutesAgo() }),
    ]);
    renderRoute(
      <ul>
        <li data-testid="anna">
          <PresenceLabel userId={ANNA} />
        </li>
        <li data-testid="ben">
          <PresenceLabel userId={BEN} />
        </li>
        <li data-testid="carl">
          <PresenceLabel userId={CARL} />
          <PresenceDot userId={CARL} />
        </li>
      </ul>,
      { server: { 'GET /api/presence': server.route } },
    );

    await waitFor(() => expect(screen.getByTestId('anna')).toHaveTextContent('Online'));
    await waitFor(() => expect(screen.getByTestId('ben')).toHaveTextContent('Away'));
    expect(screen.getByTestId('carl')).toHaveTextContent('Last seen 5 minutes ago');
    expect(server.asked).toHaveLength(1);
    expect([...(server.asked[0] ?? [])].sort()).toEqual([ANNA, BEN, CARL].sort());
  });

  it('shows nothing while presence is unknown, for ids that are not members, or to a guest', async () => {
    const server = presenceServer([]);
    const { queryClient } = renderRoute(
      <p data-testid="labels">
        <PresenceLabel userId={ANNA} />
        <PresenceLabel userId="u_2" />
        <PresenceDot userId={ANNA} />
      </p>,
      { server: { 'GET /api/presence': server.route } },
    );
    await waitFor(() => expect(server.asked).toEqual([[ANNA]]));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.getByTestId('labels')).toBeEmptyDOMElement();

    const guest = presenceServer([presence(ANNA)]);
    renderRoute(
      <p data-testid="guest">
        <PresenceLabel userId={ANNA} />
      </p>,
      { session: guestSession, server: { 'GET /api/presence': guest.route } },
    );
    await waitFor(() => expect(screen.getByTestId('guest')).toBeInTheDocument());
    expect(guest.asked).toEqual([]);
  });

  it('watches the union of the members shown, through the realtime connection', async () => {
    const server = presenceServer([presence(ANNA), presence(BEN)]);

    function Page() {
      const [showBen, setShowBen] = useState(true);
      return (
        <Connected>
          <PresenceLabel userId={ANNA} />
          <PresenceDot userId={ANNA} />
          {showBen && <PresenceLabel userId={BEN} />}
          <button type="button" onClick={() => setShowBen(false)}>
            Hide Ben
          </button>
        </Connected>
      );
    }
    const { user } = renderRoute(<Page />, {
      session: memberSession,
      server: { 'GET /api/presence': server.route },
    });

    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    const socket = FakeWebSocket.latest();
    act(() => socket.open());
    await waitFor(() =>
      expect(socket.framesOf('presence.watch').at(-1)).toEqual({
        type: 'presence.watch',
        user_ids: [ANNA, BEN].sort(),
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Hide Ben' }));
    await waitFor(() =>
      expect(socket.framesOf('presence.watch').at(-1)).toEqual({ type: 'presence.watch', user_ids: [ANNA] }),
    );

    act(() => socket.receive({ type: 'presence', presence: presence(ANNA, { status: 'away' }) }));
    expect(await screen.findAllByText('Away')).toHaveLength(2);
  });
});
