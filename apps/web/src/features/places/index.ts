/** The places feature's public door: what other features and the app may use. Everything else in this folder is private to it. */
export { LocationField } from './components/location-field';
export type { LocationValue } from './components/location-field';
export { UseMyLocationButton } from './components/use-my-location-button';
export { formatMiles } from './format-miles';
