import { AUTH_MESSAGES } from '@castline/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import * as navigation from '../../../lib/navigation';
import { createQueryClient } from '../../../lib/query-client';
import { RealtimeClient, RealtimeProvider } from '../../../lib/realtime';
import { FakeWebSocket } from '../../../lib/realtime/testing/fake-web-socket';
import { authKeys } from '../../../lib/session';
import { mockServer } from '../../../test/fetch-mock';
import { useSignOut } from './auth.api';
import { useRevokeSession } from './sessions.api';

describe('signing out', () => {
  it("closes this tab's realtime connection before the request, so only the session's other tabs hear that it ended", async () => {
    const order: string[] = [];
    mockServer({
      'POST /api/auth/sign-out': () => {
        order.push(`request (socket ${client.getStatus()})`);
        return { body: { message: AUTH_MESSAGES.signedOut } };
      },
    });
    const redirect = vi.spyOn(navigation, 'hardRedirect').mockImplementation(() => order.push('redirect'));
    FakeWebSocket.reset();
    const client = new RealtimeClient({
      WebSocket: FakeWebSocket,
      url: () => 'ws://castline.test/api/realtime',
    });
    client.start();
    FakeWebSocket.latest().open();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={createQueryClient()}>
        <RealtimeProvider client={client}>{children}</RealtimeProvider>
      </QueryClientProvider>
    );

    const { result } = renderHook(() => useSignOut(), { wrapper });
    await result.current.mutateAsync();

    expect(order).toEqual(['request (socket idle)', 'redirect']);
    expect(FakeWebSocket.latest().closedWith?.code).toBe(1000);
    redirect.mockRestore();
  });

  it('sends an empty request, drops every cached answer and reloads at the start page', async () => {
    const server = mockServer({ 'POST /api/auth/sign-out': { body: { message: AUTH_MESSAGES.signedOut } } });
    const redirect = vi.spyOn(navigation, 'hardRedirect').mockImplementation(() => {});
    const queryClient = createQueryClient();
    queryClient.setQueryData(['auth', 'session'], { user: { id: 'u_1' }, session: { id: 's_1' } });
    queryClient.setQueryData(['listings', 'home'], { featured: [], newest: [], recentlySold: [] });
    const client = new RealtimeClient({
      WebSocket: FakeWebSocket,
      url: () => 'ws://castline.test/api/realtime',
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <RealtimeProvider client={client}>{children}</RealtimeProvider>
      </QueryClientProvider>
    );

    const { result } = renderHook(() => useSignOut(), { wrapper });
    await result.current.mutateAsync();

    expect(redirect).toHaveBeenCalledWith('/');
    const [request] = server.calls('POST', '/api/auth/sign-out');
    expect(request?.rawBody).toBeUndefined();
    expect(request?.headers).not.toHaveProperty('content-type');
    expect(queryClient.getQueryData(['auth', 'session'])).toBeUndefined();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    redirect.mockRestore();
  });

  it("ending this browser's own session from the sessions list closes its socket first too; another session's does not", async () => {
    const order: string[] = [];
    const ownId = '5f0c2a9e-1111-4a5b-9c8d-0000000000aa';
    const otherId = '5f0c2a9e-1111-4a5b-9c8d-0000000000bb';
    mockServer({
      [`DELETE /api/auth/sessions/${otherId}`]: () => {
        order.push(`other (socket ${client.getStatus()})`);
        return { body: { message: 'Session ended', current: false } };
      },
      [`DELETE /api/auth/sessions/${ownId}`]: () => {
        order.push(`own (socket ${client.getStatus()})`);
        return { body: { message: 'Session ended', current: true } };
      },
    });
    const redirect = vi.spyOn(navigation, 'hardRedirect').mockImplementation(() => order.push('redirect'));
    FakeWebSocket.reset();
    const client = new RealtimeClient({
      WebSocket: FakeWebSocket,
      url: () => 'ws://castline.test/api/realtime',
    });
    client.start();
    FakeWebSocket.latest().open();
    const queryClient = createQueryClient();
    queryClient.setQueryData(authKeys.session, {
      user: null,
      session: { id: ownId, expiresAt: '2099-01-01T00:00:00.000Z' },
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <RealtimeProvider client={client}>{children}</RealtimeProvider>
      </QueryClientProvider>
    );

    const { result } = renderHook(() => useRevokeSession(), { wrapper });
    await result.current.mutateAsync(otherId);
    await result.current.mutateAsync(ownId);

    expect(order).toEqual(['other (socket open)', 'own (socket idle)', 'redirect']);
    redirect.mockRestore();
  });
});
