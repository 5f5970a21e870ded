import type { GeocodeResultDto, PlaceSuggestionsDto } from '@castline/shared';
import { PLACE_MESSAGES, PLACE_SUGGESTION_LIMIT } from '@castline/shared';
import { NotFoundError } from '../../http/errors.js';
import type { PlaceType, PlacesProvider } from '../../platform/places/index.js';

export interface PlacesServiceDeps {
  provider: PlacesProvider;
}

/** get_location_suggestions and geocode_address over the places provider. */
export function createPlacesService({ provider }: PlacesServiceDeps) {
  return {
    suggestions(input: string, type: PlaceType): PlaceSuggestionsDto {
      return { items: provider.suggest(input, type, PLACE_SUGGESTION_LIMIT) };
    },

    /** A chosen suggestion (place_id wins when both are given) or free text; 404 when unknown. */
    geocode(query: { address?: string | undefined; place_id?: string | undefined }): GeocodeResultDto {
      const result = query.place_id ? provider.lookup(query.place_id) : provider.geocode(query.address ?? '');
      if (!result) throw new NotFoundError(PLACE_MESSAGES.notFound);
      return result;
    },
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;
