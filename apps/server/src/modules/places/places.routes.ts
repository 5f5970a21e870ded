import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorDto,
  GeocodeQuery,
  GeocodeResultDto,
  PlaceSuggestionsDto,
  PlaceSuggestionsQuery,
} from '@castline/shared';
import type { PlacesService } from './places.service.js';

const tags = ['places'];
/** Answers depend only on the shipped data: browsers and proxies may keep them for an hour. */
const CACHE_CONTROL = 'public, max-age=3600';

/** Public routes (no session; the global API rate limit applies). */
export function registerPlacesRoutes(app: FastifyInstance, places: PlacesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/places/suggestions', {
    schema: {
      tags,
      summary: 'Location suggestions for a partial city name or US ZIP code (get_location_suggestions)',
      querystring: PlaceSuggestionsQuery,
      response: { 200: PlaceSuggestionsDto, 400: ApiErrorDto },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', CACHE_CONTROL);
      return places.suggestions(request.query.input, request.query.type);
    },
  });

  r.get('/api/places/geocode', {
    schema: {
      tags,
      summary: 'Coordinates of an address or of a chosen suggestion (geocode_address)',
      querystring: GeocodeQuery,
      response: { 200: GeocodeResultDto, 400: ApiErrorDto, 404: ApiErrorDto },
    },
    handler: async (request, reply) => {
      const result = places.geocode(request.query);
      void reply.header('cache-control', CACHE_CONTROL);
      return result;
    },
  });
}
