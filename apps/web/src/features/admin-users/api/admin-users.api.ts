import type {
  AdminMessageDto,
  AdminUserDetailDto,
  AdminUserListDto,
  BanUserBody,
  UpdateUserRoleBody,
} from '@castline/shared';
import type { QueryClient } from '@tanstack/react-query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AdminUsersFilters } from './admin-users-filters';
import { adminUsersSearch } from './admin-users-filters';
import { adminUserKeys } from './admin-users-keys';

/** Spec 001 §4/§9: the data refetch after a ban or an unban is delayed 100 ms. */
export const BAN_REFETCH_DELAY_MS = 100;

function userPath(userId: string, suffix = ''): string {
  return `/api/admin/users/${encodeURIComponent(userId)}${suffix}`;
}

/** GET /api/admin/users: members, newest first, 10 per page. */
export function useAdminUsers(filters: AdminUsersFilters) {
  return useQuery({
    queryKey: adminUserKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<AdminUserListDto>(`/api/admin/users?${adminUsersSearch(filters)}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/users/:id: one member with their active ban and counts. */
export function useAdminUser(userId: string) {
  return useQuery({
    queryKey: adminUserKeys.detail(userId),
    queryFn: ({ signal }) => api.get<AdminUserDetailDto>(userPath(userId), signal),
    enabled: userId !== '',
  });
}

/** Refreshes the member's detail and every cached member list. */
function refreshMember(queryClient: QueryClient, userId: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminUserKeys.detail(userId) }),
    queryClient.invalidateQueries({ queryKey: adminUserKeys.lists() }),
  ]).then(() => undefined);
}

/** The same refresh, a moment later (spec: after a ban or an unban). */
function refreshMemberSoon(queryClient: QueryClient, userId: string): void {
  setTimeout(() => void refreshMember(queryClient, userId), BAN_REFETCH_DELAY_MS);
}

/** POST /api/admin/users/:id/ban. */
export function useBanUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BanUserBody) => api.post<AdminMessageDto>(userPath(userId, '/ban'), body),
    onSuccess: () => refreshMemberSoon(queryClient, userId),
  });
}

/** POST /api/admin/users/:id/unban. */
export function useUnbanUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AdminMessageDto>(userPath(userId, '/unban')),
    onSuccess: () => refreshMemberSoon(queryClient, userId),
  });
}

/** PATCH /api/admin/users/:id/role. */
export function useUpdateUserRole(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserRoleBody) => api.patch<AdminMessageDto>(userPath(userId, '/role'), body),
    onSuccess: () => refreshMember(queryClient, userId),
  });
}
