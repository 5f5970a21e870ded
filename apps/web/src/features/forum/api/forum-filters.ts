import { FORUM_LIMITS } from '@castline/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ForumListFilters } from './forum-keys';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** The Community filters in an address; anything unreadable falls back to "all, page 1". */
export function forumFiltersFrom(params: URLSearchParams): ForumListFilters {
  return {
    category: (params.get('category') ?? '').trim().slice(0, FORUM_LIMITS.categoryMax),
    q: (params.get('q') ?? '').trim().slice(0, FORUM_LIMITS.searchMax),
    page: pageFrom(params.get('page')),
  };
}

/** `params` with the filters written in (empty ones and page 1 left out); other parameters stay. */
export function withForumFilters(params: URLSearchParams, filters: ForumListFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of [
    ['category', filters.category],
    ['q', filters.q],
    ['page', filters.page > 1 ? String(filters.page) : ''],
  ] as const) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/** The query string the API is asked with. */
export function postListSearch(filters: ForumListFilters): string {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  if (filters.q) params.set('q', filters.q);
  params.set('page', String(filters.page));
  params.set('pageSize', String(FORUM_LIMITS.pageSize));
  return params.toString();
}

/**
 * The Community list's filters from the address. A new category or search starts again at page 1
 * and replaces the history entry; turning a page adds one, so Back returns to the previous page.
 */
export function useForumFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => forumFiltersFrom(params), [params]);

  const setFilters = useCallback(
    (change: Partial<Omit<ForumListFilters, 'page'>>) => {
      setParams(
        (current) => withForumFilters(current, { ...forumFiltersFrom(current), ...change, page: 1 }),
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  const setPage = useCallback(
    (page: number) => {
      setParams((current) => withForumFilters(current, { ...forumFiltersFrom(current), page }));
    },
    [setParams],
  );

  return { filters, setFilters, setPage };
}
