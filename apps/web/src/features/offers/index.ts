/** The offers feature's public door: what other features and the app may use. Everything else in this folder is private to it. */
export { OFFERS_PAGE_SIZE, offerKeys } from './api/offer-keys';
export { MakeOfferButton, offersMakeOffer } from './components/make-offer-button';
export { loadOffersList } from './load-offers-list';
export { MyListingOfferSlot } from './components/my-listing-offer-slot';
export { useOffersWith } from './api/offers.api';
export { LazyOfferCard } from './components/lazy-offer-card';
