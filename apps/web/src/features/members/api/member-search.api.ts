import type { MemberSearchDto } from '@castline/shared';
import { PROFILE_LIMITS } from '@castline/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRequestSchemas } from '../../../lib/load-request-schemas';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** How long typing has to pause before the search is sent. */
export const MEMBER_SEARCH_DEBOUNCE_MS = 250;
/** Results stay fresh for half a minute: the same text typed again is answered at once. */
const MEMBER_SEARCH_STALE_MS = 30_000;

export const memberKeys = {
  all: ['members'] as const,
  search: (q: string) => ['members', 'search', q] as const,
};

/** GET /api/profiles/search?q=: members whose username or full name matches, at most 10. */
export function searchMembers(q: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ q });
  return api
    .get<MemberSearchDto>(`/api/profiles/search?${query}`, signal)
    .then((result) => ({ items: result.items.slice(0, PROFILE_LIMITS.searchResultsMax) }));
}

/**
 * Members matching what is being typed (debounced). `problem` is the reason nothing is searched
 * (text too long); `isPending` covers the debounce wait as well as the request.
 */
export function useMemberSearch(input: string, { enabled = true }: { enabled?: boolean } = {}) {
  const trimmed = input.trim();
  const debounced = useDebouncedValue(trimmed, MEMBER_SEARCH_DEBOUNCE_MS);
  // The query's rules (the server's) load with the first letter typed; the debounce covers it.
  const schemas = useRequestSchemas(enabled && trimmed.length > 0);
  const parsed = schemas?.MemberSearchQuery.safeParse({ q: debounced });
  const valid = parsed?.success ? parsed.data.q : null;
  const query = useQuery({
    queryKey: memberKeys.search(valid ?? ''),
    queryFn: ({ signal }) => searchMembers(valid ?? '', signal),
    enabled: enabled && valid !== null,
    staleTime: MEMBER_SEARCH_STALE_MS,
  });
  const problem =
    trimmed.length > PROFILE_LIMITS.searchQueryMax && schemas
      ? (schemas.MemberSearchQuery.safeParse({ q: trimmed }).error?.issues[0]?.message ?? null)
      : null;
  const waiting = trimmed !== debounced || (trimmed.length > 0 && schemas === null);
  return {
    /** The results for the text as typed; empty while a new text is being searched. */
    items: !waiting && valid !== null ? (query.data?.items ?? []) : [],
    /** True once the typed text was searched and answered. */
    isSettled: !waiting && valid !== null && query.isSuccess,
    isPending: trimmed.length > 0 && problem === null && (waiting || query.isFetching),
    isError: !waiting && query.isError,
    error: query.error,
    problem,
    refetch: query.refetch,
  };
}
