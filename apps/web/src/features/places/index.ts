/** The places feature: location suggestions, geocoding, the location field and "Use my location". */
export type { LocationType } from './api/places.api';
export {
  fetchPlaceSuggestions,
  geocodePlace,
  lookupPlace,
  placeKeys,
  placeQueries,
  usePlaceSuggestions,
} from './api/places.api';
export { useDebouncedValue } from './api/use-debounced-value';
export type { LocationFieldProps, LocationValue } from './components/location-field';
export { LocationField } from './components/location-field';
export type { Coordinates, UseMyLocationButtonProps } from './components/use-my-location-button';
export { UseMyLocationButton } from './components/use-my-location-button';
export { formatMiles } from './format-miles';
export { PLACE_UI_MESSAGES } from './place-messages';
