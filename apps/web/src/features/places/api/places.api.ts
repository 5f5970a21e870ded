import type {
  GeocodeResultDto,
  GeocodeResultDto as GeocodeResult,
  LOCATION_TYPES,
  PlaceSuggestionsDto,
} from '@castline/shared';
import { PLACE_SUGGESTION_DEBOUNCE_MS, PLACE_SUGGESTION_MIN_CHARS } from '@castline/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

export type LocationType = (typeof LOCATION_TYPES)[number];

/** Places never change while the app runs: answers are kept for the session. */
const PLACES_STALE_TIME_MS = Infinity;

export const placeKeys = {
  all: ['places'] as const,
  suggestions: (input: string, type: LocationType) => ['places', 'suggestions', type, input] as const,
  geocode: (text: string) => ['places', 'geocode', text] as const,
  lookup: (placeId: string) => ['places', 'lookup', placeId] as const,
};

/** get_location_suggestions: places whose name starts with `input` (at least 3 characters). */
export function fetchPlaceSuggestions(input: string, type: LocationType = 'any', signal?: AbortSignal) {
  const query = new URLSearchParams({ input, type });
  return api.get<PlaceSuggestionsDto>(`/api/places/suggestions?${query}`, signal);
}

async function fetchGeocode(query: URLSearchParams, signal?: AbortSignal): Promise<GeocodeResult | null> {
  try {
    return await api.get<GeocodeResultDto>(`/api/places/geocode?${query}`, signal);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** geocode_address: the place free text names, or null when it names none. */
export function geocodePlace(text: string, signal?: AbortSignal): Promise<GeocodeResult | null> {
  return fetchGeocode(new URLSearchParams({ address: text.trim() }), signal);
}

/** The coordinates and address of a chosen suggestion, or null when the id is unknown. */
export function lookupPlace(placeId: string, signal?: AbortSignal): Promise<GeocodeResult | null> {
  return fetchGeocode(new URLSearchParams({ place_id: placeId }), signal);
}

/** Query options for geocoding and lookups, so that `queryClient.fetchQuery` reuses answers. */
export const placeQueries = {
  geocode: (text: string) =>
    queryOptions({
      queryKey: placeKeys.geocode(text.trim()),
      queryFn: ({ signal }) => geocodePlace(text, signal),
      staleTime: PLACES_STALE_TIME_MS,
    }),
  lookup: (placeId: string) =>
    queryOptions({
      queryKey: placeKeys.lookup(placeId),
      queryFn: ({ signal }) => lookupPlace(placeId, signal),
      staleTime: PLACES_STALE_TIME_MS,
    }),
};

export interface PlaceSuggestionsOptions {
  type?: LocationType;
  /** False stops fetching (for example while the list is closed). */
  enabled?: boolean;
}

/**
 * Suggestions for what is being typed: the input is debounced 300 ms and nothing is fetched
 * below 3 characters (spec). `isPending` covers the debounce wait as well as the request.
 */
export function usePlaceSuggestions(
  input: string,
  { type = 'any', enabled = true }: PlaceSuggestionsOptions = {},
) {
  const trimmed = input.trim();
  const debounced = useDebouncedValue(trimmed, PLACE_SUGGESTION_DEBOUNCE_MS);
  const active = enabled && debounced.length >= PLACE_SUGGESTION_MIN_CHARS;
  const query = useQuery({
    queryKey: placeKeys.suggestions(debounced, type),
    queryFn: ({ signal }) => fetchPlaceSuggestions(debounced, type, signal),
    enabled: active,
    staleTime: PLACES_STALE_TIME_MS,
    placeholderData: keepPreviousData,
  });
  const waiting = enabled && trimmed.length >= PLACE_SUGGESTION_MIN_CHARS && trimmed !== debounced;
  return {
    items: active ? (query.data?.items ?? []) : [],
    /** True while the typed text waits for its answer (debounce or request). */
    isPending: waiting || (active && (query.isFetching || query.isPlaceholderData)),
    /** True once the answer for the current text has arrived (possibly empty). */
    isSettled: active && !waiting && query.isSuccess && !query.isPlaceholderData,
    isError: active && query.isError,
  };
}
