import type { AdminUsersFilters } from './admin-users-filters';

/** Query keys of the member administration pages. */
export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  lists: () => ['admin', 'users', 'list'] as const,
  list: (filters: AdminUsersFilters) => ['admin', 'users', 'list', filters] as const,
  details: () => ['admin', 'users', 'detail'] as const,
  detail: (userId: string) => ['admin', 'users', 'detail', userId] as const,
};
