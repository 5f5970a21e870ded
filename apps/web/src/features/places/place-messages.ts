/** Texts of the location field and the "Use my location" button. */
export const PLACE_UI_MESSAGES = {
  notPlaced: "We couldn't place that location on the map.",
  noMatches: 'No matching places',
  placesFound: (count: number) => `${count} ${count === 1 ? 'place' : 'places'} found`,
  searching: 'Searching places',
  finding: 'Finding location',
  useMyLocation: 'Use my location',
  locating: 'Finding your location',
  permissionDenied:
    'Location access is turned off for this site. You can allow it in your browser settings, or enter a city or ZIP code instead.',
  unavailable: "We couldn't find your location right now. Please enter a city or ZIP code instead.",
  timeout: 'Finding your location took too long. Please try again.',
  unsupported: "This browser can't share your location. Please enter a city or ZIP code instead.",
} as const;
