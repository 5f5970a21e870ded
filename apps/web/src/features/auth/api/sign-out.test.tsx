import { AUTH_MESSAGES } from '@castline/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import * as navigation from '../../../lib/navigation';
import { createQueryClient } from '../../../lib/query-client';
import { RealtimeClient, RealtimeProvider } from '../../../lib/realtime';
import { FakeWebSocket } from '../../../lib/realtime/testing/fake-web-socket';
import { mockServer } from '../../../test/fetch-mock';
import { useSignOut } from './auth.api';

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
});
