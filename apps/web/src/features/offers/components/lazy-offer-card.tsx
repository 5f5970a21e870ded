import { lazy } from 'react';

/**
 * The offer card, loaded on first use: pages that show an offer only now and then (a
 * conversation) do not carry its forms in their first load.
 */
export const LazyOfferCard = lazy(() =>
  import('./offer-card').then((module) => ({ default: module.OfferCard })),
);
