import type { GeocodeResultDto, LOCATION_TYPES, PlaceSuggestionDto } from '@castline/shared';

/** What the suggestions list offers: cities, US ZIP codes, or whichever fits the input. */
export type PlaceType = (typeof LOCATION_TYPES)[number];

/** One suggestion: a display text and an id that `lookup` resolves (`city:<geonameid>`, `zip:<zip>`). */
export type PlaceSuggestion = PlaceSuggestionDto;

/** A point on the map and the address it was read as. */
export type GeocodeResult = GeocodeResultDto;

/**
 * The places service (spec RPCs get_location_suggestions and geocode_address). The default
 * driver is an offline gazetteer shipped with the app; a hosted geocoder can replace it.
 */
export interface PlacesProvider {
  /** Places whose name starts with `input`, best first, at most `limit`. */
  suggest(input: string, type: PlaceType, limit: number): PlaceSuggestion[];
  /** The best place for free text ("Austin, TX", "78701", "Paris"), or null when none fits. */
  geocode(text: string): GeocodeResult | null;
  /** The place a suggestion's `place_id` names, or null for an unknown id. */
  lookup(placeId: string): GeocodeResult | null;
}
