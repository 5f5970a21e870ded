import type { ServerEvent } from '@castline/shared';
import type { QueryClient } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from '../../../lib/router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { RealtimeClient } from '../../../lib/realtime';
import { FakeWebSocket } from '../../../lib/realtime/testing/fake-web-socket';
import { mockServer } from '../../../test/fetch-mock';
import { memberSession } from '../../../test/fixtures';
import { ForumPostRoute } from '../routes/forum-post-route';
import { buildPost, postList } from '../testing/forum-fixtures';
import { forumKeys } from './forum-keys';
import { useForumLiveUpdates } from './use-forum-live-updates';

function connectedClient() {
  const client = new RealtimeClient({
    WebSocket: FakeWebSocket,
    url: () => 'ws://castline.test/api/realtime',
    reconnectBaseMs: 10,
  });
  client.start();
  const socket = FakeWebSocket.latest();
  act(() => socket.open());
  return { client, socket };
}

function changed(entity: 'post' | 'comment' | 'like' | 'profile', postId: string | null): ServerEvent {
  return { type: 'content.changed', entity, post_id: postId, user_id: 'u_9' };
}

function quietQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  return queryClient;
}

beforeEach(() => {
  FakeWebSocket.reset();
});

describe('forum live updates', () => {
  it('shows the author a like count rising without reloading', async () => {
    let likes = 3;
    const server = mockServer({
      'GET /api/auth/session': { body: memberSession },
      'GET /api/forum/posts/p_1': () => ({ body: buildPost({ id: 'p_1', likes_count: likes }) }),
    });
    const { client, socket } = connectedClient();
    const router = createMemoryRouter([{ path: '/forum/post/:postId', element: <ForumPostRoute /> }], {
      initialEntries: ['/forum/post/p_1'],
    });
    render(
      <StrictMode>
        <AppProviders queryClient={quietQueryClient()} realtime={client}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
    expect(await screen.findByRole('button', { name: 'Like this post, 3 likes' })).toBeInTheDocument();
    const fetchesBefore = server.calls('GET', '/api/forum/posts/p_1').length;

    likes = 5;
    act(() => {
      // Two members like it at nearly the same moment: one refetch brings both.
      socket.receive(changed('like', 'p_1'));
      socket.receive(changed('like', 'p_1'));
    });

    expect(await screen.findByRole('button', { name: 'Like this post, 5 likes' })).toBeInTheDocument();
    expect(server.calls('GET', '/api/forum/posts/p_1')).toHaveLength(fetchesBefore + 1);
    client.stop();
  });

  describe('what an event makes stale', () => {
    function setup() {
      const queryClient = quietQueryClient();
      const { client, socket } = connectedClient();
      const wrapper = ({ children }: { children: ReactNode }) => (
        <AppProviders queryClient={queryClient} realtime={client}>
          {children}
        </AppProviders>
      );
      const filters = { category: '', q: '', sort: 'new', period: 'month', view: 'all', page: 1 } as const;
      queryClient.setQueryData(forumKeys.detail('p_1'), buildPost({ id: 'p_1' }));
      queryClient.setQueryData(forumKeys.detail('p_2'), buildPost({ id: 'p_2' }));
      queryClient.setQueryData(forumKeys.list(filters), postList([]));
      queryClient.setQueryData(forumKeys.topContributors, { items: [] });
      queryClient.setQueryData(forumKeys.trending, { items: [] });
      const view = renderHook(() => useForumLiveUpdates(10), { wrapper });
      const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;
      return { ...view, socket, client, stale, listKey: forumKeys.list(filters) };
    }

    it('a comment on one post: that post and the lists, not other posts', async () => {
      const { socket, stale, listKey } = setup();

      act(() => socket.receive(changed('comment', 'p_2')));

      await waitFor(() => expect(stale(forumKeys.detail('p_2'))).toBe(true));
      expect(stale(listKey)).toBe(true);
      expect(stale(forumKeys.topContributors)).toBe(true);
      expect(stale(forumKeys.trending)).toBe(true);
      expect(stale(forumKeys.detail('p_1'))).toBe(false);
    });

    it('a profile change: every post page (names and pictures)', async () => {
      const { socket, stale } = setup();

      act(() => socket.receive(changed('profile', null)));

      await waitFor(() => expect(stale(forumKeys.detail('p_1'))).toBe(true));
      expect(stale(forumKeys.detail('p_2'))).toBe(true);
    });

    it('a reconnect: the whole forum, as events may have been missed', async () => {
      const { socket, stale, listKey, client } = setup();
      act(() => socket.drop());
      await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
      act(() => FakeWebSocket.latest().open());

      await waitFor(() => expect(stale(forumKeys.detail('p_1'))).toBe(true));
      expect(stale(listKey)).toBe(true);
      client.stop();
    });

    it('nothing once the page is left', async () => {
      const { socket, stale, unmount, listKey } = setup();
      unmount();

      act(() => socket.receive(changed('post', 'p_1')));
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));

      expect(stale(forumKeys.detail('p_1'))).toBe(false);
      expect(stale(listKey)).toBe(false);
    });
  });
});
