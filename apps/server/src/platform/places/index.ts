import type { FastifyBaseLogger } from 'fastify';
import { createOfflinePlacesProvider } from './offline-places-provider.js';
import type { GeocodeResult, PlacesProvider } from './places-provider.js';

export type { GeocodeResult, PlaceSuggestion, PlaceType, PlacesProvider } from './places-provider.js';
export { createOfflinePlacesProvider } from './offline-places-provider.js';
export { normalizePlaceText } from './normalize.js';

let provider: PlacesProvider | undefined;

/**
 * The process-wide places provider (the offline gazetteer by default). Creating it is cheap: the
 * data loads on the first query. The first caller that passes a logger gets the load logged.
 */
export function getPlacesProvider(logger?: Pick<FastifyBaseLogger, 'info'>): PlacesProvider {
  provider ??= createOfflinePlacesProvider({
    onLoad: (stats) => logger?.info(stats, 'places gazetteer loaded'),
  });
  return provider;
}

/** Replaces the provider (for example with a hosted geocoder); `undefined` restores the default. */
export function setPlacesProvider(next: PlacesProvider | undefined): void {
  provider = next;
}

/**
 * Geocodes a listing's location text ("Austin, TX", "78701") when the client sent no
 * coordinates; null when the text names no known place. Async so a hosted driver can fit.
 */
export async function geocodePlace(text: string): Promise<GeocodeResult | null> {
  return getPlacesProvider().geocode(text);
}
