import { ADMIN_MESSAGES } from '@castline/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { mockServer } from '../../../test/fetch-mock';
import { BAN_REFETCH_DELAY_MS, useBanUser, useUnbanUser, useUpdateUserRole } from './admin-users.api';
import { adminUserKeys } from './admin-users-keys';

const userId = '5f0c2a9e-1111-4a5b-9c8d-000000000001';

function setup() {
  const queryClient = createQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, invalidate, wrapper };
}

function invalidatedKeys(invalidate: ReturnType<typeof setup>['invalidate']) {
  return invalidate.mock.calls.map(([filters]) => filters?.queryKey);
}

describe('member administration mutations', () => {
  async function expectDelayedRefresh(invalidate: ReturnType<typeof setup>['invalidate'], done: number) {
    expect(invalidate).not.toHaveBeenCalled();
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(2));
    expect(performance.now() - done).toBeGreaterThanOrEqual(BAN_REFETCH_DELAY_MS - 5);
    expect(invalidatedKeys(invalidate)).toEqual([adminUserKeys.detail(userId), adminUserKeys.lists()]);
  }

  it('refreshes the member and the lists 100 ms after a ban', async () => {
    const server = mockServer({
      [`POST /api/admin/users/${userId}/ban`]: { body: { message: ADMIN_MESSAGES.userBanned } },
    });
    const { invalidate, wrapper } = setup();
    const { result } = renderHook(() => useBanUser(userId), { wrapper });

    await result.current.mutateAsync({ reason: 'Spam' });
    await expectDelayedRefresh(invalidate, performance.now());
    expect(server.calls('POST', `/api/admin/users/${userId}/ban`)[0]?.body).toEqual({ reason: 'Spam' });
  });

  it('refreshes the member and the lists 100 ms after an unban', async () => {
    mockServer({
      [`POST /api/admin/users/${userId}/unban`]: { body: { message: ADMIN_MESSAGES.userUnbanned } },
    });
    const { invalidate, wrapper } = setup();
    const { result } = renderHook(() => useUnbanUser(userId), { wrapper });

    await result.current.mutateAsync();
    await expectDelayedRefresh(invalidate, performance.now());
  });

  it('refreshes the member and the lists at once after a role change', async () => {
    const server = mockServer({
      [`PATCH /api/admin/users/${userId}/role`]: { body: { message: ADMIN_MESSAGES.roleUpdated } },
    });
    const { invalidate, wrapper } = setup();
    const { result } = renderHook(() => useUpdateUserRole(userId), { wrapper });

    await result.current.mutateAsync({ role: 'support' });
    expect(server.calls('PATCH', `/api/admin/users/${userId}/role`)[0]?.body).toEqual({ role: 'support' });
    expect(invalidatedKeys(invalidate)).toEqual([adminUserKeys.detail(userId), adminUserKeys.lists()]);
  });
});
