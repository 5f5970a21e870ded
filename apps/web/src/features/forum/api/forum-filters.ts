import { FORUM_LIMITS, FORUM_SORTS, FORUM_TOP_PERIODS, FORUM_VIEWS, isTagSlug } from '@castline/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../../lib/router';
import type { ForumListFilters } from './forum-keys';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.find((candidate) => candidate === value) ?? fallback;
}

/** The defaults, left out of addresses: newest first, top over a month, every topic. */
const DEFAULTS = { sort: 'new', period: 'month', view: 'all' } as const;

/** The Community filters in an address; anything unreadable falls back to "all, newest, page 1". */
export function forumFiltersFrom(params: URLSearchParams): ForumListFilters {
  return {
    category: (params.get('category') ?? '').trim().slice(0, FORUM_LIMITS.categoryMax),
    q: (params.get('q') ?? '').trim().slice(0, FORUM_LIMITS.searchMax),
    // Only when the address names a tag, so that lists without one keep their cache keys.
    ...(isTagSlug(params.get('tag')) ? { tag: params.get('tag') ?? '' } : {}),
    sort: oneOf(FORUM_SORTS, params.get('sort'), DEFAULTS.sort),
    period: oneOf(FORUM_TOP_PERIODS, params.get('period'), DEFAULTS.period),
    view: oneOf(FORUM_VIEWS, params.get('view'), DEFAULTS.view),
    page: pageFrom(params.get('page')),
  };
}

/** `params` with the filters written in (empty ones and page 1 left out); other parameters stay. */
export function withForumFilters(params: URLSearchParams, filters: ForumListFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of [
    ['category', filters.category],
    ['q', filters.q],
    ['tag', filters.tag ?? ''],
    ['sort', filters.sort === DEFAULTS.sort ? '' : filters.sort],
    ['period', filters.sort === 'top' && filters.period !== DEFAULTS.period ? filters.period : ''],
    ['view', filters.view === DEFAULTS.view ? '' : filters.view],
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
  if (filters.tag) params.set('tag', filters.tag);
  if (filters.sort !== DEFAULTS.sort) params.set('sort', filters.sort);
  if (filters.sort === 'top') params.set('period', filters.period);
  if (filters.view !== DEFAULTS.view) params.set('view', filters.view);
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
