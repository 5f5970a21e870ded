import { SHIPS_FROM_MAX } from './listing-terms.js';

// Apart from the terms' values, so that pages showing terms do not carry the form's texts.
/** Castline's own texts for the terms (the specification has none). */
export const LISTING_TERMS_MESSAGES = {
  handoverInvalid: 'Choose local pickup, shipping or both',
  shippingPriceInvalid: 'Enter a shipping price of $0 or more (0 for free shipping)',
  shippingPriceTooHigh: 'Shipping can cost at most $1,000',
  handlingDaysInvalid: 'Choose how soon the gear ships',
  returnWindowInvalid: 'Choose how long buyers have to return the gear',
  shipsFromTooLong: `Keep "ships from" under ${SHIPS_FROM_MAX} characters`,
  shipsFromInvalid: 'Enter where the gear ships from as text',
  acceptsOffersInvalid: 'Say yes or no to offers',
  returnsAcceptedInvalid: 'Say yes or no to returns',
  offersClosed: 'The seller is not taking offers on this listing',
  autoDeclineInvalid: 'Enter an amount above $0, in dollars and cents, or leave it empty',
  autoDeclineTooHigh: 'Decline offers below an amount under the price, or every offer would be declined',
  autoAcceptInvalid: 'Enter an amount above $0, in dollars and cents, or leave it empty',
  autoAcceptTooHigh: 'Accept offers at an amount no higher than the price',
  guardrailsCrossed: 'The auto-accept amount must be above the auto-decline amount',
} as const;
