import { z } from 'zod';
import { APP_MESSAGES } from '../common/messages.js';
import { LOCATION_TYPES, PLACE_SUGGESTION_MIN_CHARS } from './listing-constants.js';
import { PLACE_MESSAGES } from './listing-messages.js';

/** get_location_suggestions (input_text, location_type). */
export const PlaceSuggestionsQuery = z.object({
  input: z
    .string({ error: PLACE_MESSAGES.tooShort })
    .trim()
    .min(PLACE_SUGGESTION_MIN_CHARS, PLACE_MESSAGES.tooShort)
    .max(100, PLACE_MESSAGES.notFound),
  type: z.enum(LOCATION_TYPES, { error: APP_MESSAGES.invalidRequest }).default('any'),
});
export type PlaceSuggestionsQuery = z.input<typeof PlaceSuggestionsQuery>;

export const PlaceSuggestionDto = z.object({ description: z.string(), place_id: z.string() });
export const PlaceSuggestionsDto = z.object({ items: z.array(PlaceSuggestionDto) });
export type PlaceSuggestionDto = z.infer<typeof PlaceSuggestionDto>;
export type PlaceSuggestionsDto = z.infer<typeof PlaceSuggestionsDto>;

/** geocode_address (address_text) or a chosen suggestion (place_id). */
export const GeocodeQuery = z
  .object({
    address: z.string({ error: PLACE_MESSAGES.notFound }).trim().max(200, PLACE_MESSAGES.notFound).optional(),
    place_id: z.string({ error: PLACE_MESSAGES.notFound }).trim().max(64, PLACE_MESSAGES.notFound).optional(),
  })
  .refine((value) => Boolean(value.address || value.place_id), PLACE_MESSAGES.notFound);
export type GeocodeQuery = z.input<typeof GeocodeQuery>;

export const GeocodeResultDto = z.object({
  lat: z.number(),
  lng: z.number(),
  formatted_address: z.string(),
});
export type GeocodeResultDto = z.infer<typeof GeocodeResultDto>;
