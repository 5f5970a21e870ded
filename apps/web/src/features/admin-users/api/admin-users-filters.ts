import type { ProfileRole, ProfileStatus } from '@castline/shared';
import { ADMIN_PAGE_SIZE, PROFILE_ROLES, PROFILE_STATUSES } from '@castline/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../../lib/router';

/** The search box accepts what the API accepts (AdminUsersQuery.q). */
export const ADMIN_USERS_SEARCH_MAX = 100;

export interface AdminUsersFilters {
  q: string;
  role: ProfileRole | '';
  status: ProfileStatus | '';
  page: number;
}

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | '' {
  return values.find((item) => item === value) ?? '';
}

/** The member list's filters in an address; anything unreadable falls back to "all, page 1". */
export function adminUsersFiltersFrom(params: URLSearchParams): AdminUsersFilters {
  return {
    q: (params.get('q') ?? '').trim().slice(0, ADMIN_USERS_SEARCH_MAX),
    role: oneOf(PROFILE_ROLES, params.get('role')),
    status: oneOf(PROFILE_STATUSES, params.get('status')),
    page: pageFrom(params.get('page')),
  };
}

/** `params` with the filters written in (empty ones and page 1 left out); other parameters stay. */
export function withAdminUsersFilters(params: URLSearchParams, filters: AdminUsersFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of [
    ['q', filters.q],
    ['role', filters.role],
    ['status', filters.status],
    ['page', filters.page > 1 ? String(filters.page) : ''],
  ] as const) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/** The query string GET /api/admin/users is asked with. */
export function adminUsersSearch(filters: AdminUsersFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.role) params.set('role', filters.role);
  if (filters.status) params.set('status', filters.status);
  params.set('page', String(filters.page));
  params.set('pageSize', String(ADMIN_PAGE_SIZE));
  return params.toString();
}

/** True when any search or filter narrows the list. */
export function isFiltered(filters: AdminUsersFilters): boolean {
  return Boolean(filters.q || filters.role || filters.status);
}

/**
 * The member list's filters from the address. A new search or filter starts again at page 1 and
 * replaces the history entry; turning a page adds one, so Back returns to the previous page.
 */
export function useAdminUsersFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => adminUsersFiltersFrom(params), [params]);

  const setFilters = useCallback(
    (change: Partial<Omit<AdminUsersFilters, 'page'>>) => {
      setParams(
        (current) =>
          withAdminUsersFilters(current, { ...adminUsersFiltersFrom(current), ...change, page: 1 }),
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  const setPage = useCallback(
    (page: number) => {
      setParams((current) => withAdminUsersFilters(current, { ...adminUsersFiltersFrom(current), page }));
    },
    [setParams],
  );

  return { filters, setFilters, setPage };
}
