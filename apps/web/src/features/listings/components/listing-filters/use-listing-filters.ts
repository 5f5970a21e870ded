import { criteriaFromSearchParams, criteriaToSearchParams, LISTING_SEARCH_PARAMS } from '@castline/shared';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from '../../../../lib/router';
import type { ListingFilters } from '../../api/listing-queries';

/** Address parameters the filters own; any others (such as ?debug=true) are kept as they are. */
const FILTER_PARAMS = new Set<string>(LISTING_SEARCH_PARAMS);

/** The address search for `filters`, keeping foreign parameters of `current`; commas stay readable. */
export function searchWithFilters(current: string, filters: ListingFilters): string {
  const params = criteriaToSearchParams(filters);
  for (const [name, value] of new URLSearchParams(current)) {
    if (!FILTER_PARAMS.has(name)) params.append(name, value);
  }
  const query = params.toString().replace(/%2C/gi, ',');
  return query ? `?${query}` : '';
}

export type FiltersUpdate = ListingFilters | ((current: ListingFilters) => ListingFilters);

/**
 * The marketplace filters, read from the address; `setFilters` writes them back (replacing the
 * history entry, so Back leaves the marketplace instead of undoing one checkbox at a time).
 */
export function useListingFilters() {
  const location = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(
    () => criteriaFromSearchParams(new URLSearchParams(location.search)),
    [location.search],
  );

  // Several fields may commit within one tick (a debounced field blurs as a checkbox is clicked):
  // each update starts from the latest filters, not from the ones of the last render.
  const latest = useRef({ filters, search: location.search, pathname: location.pathname });
  useEffect(() => {
    latest.current = { filters, search: location.search, pathname: location.pathname };
  }, [filters, location.search, location.pathname]);

  const setFilters = useCallback(
    (update: FiltersUpdate) => {
      const current = latest.current;
      const next = typeof update === 'function' ? update(current.filters) : update;
      const search = searchWithFilters(current.search, next);
      latest.current = { ...current, filters: criteriaFromSearchParams(new URLSearchParams(search)), search };
      if (search === current.search) return;
      void navigate({ pathname: current.pathname, search }, { replace: true, preventScrollReset: true });
    },
    [navigate],
  );

  return { filters, setFilters };
}
