/** The offers received or made, with their cards and forms, loaded where they show (not part of a page's first load). */
export const loadOffersList = () => import('./components/offers-list');
