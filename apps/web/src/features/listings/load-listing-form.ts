/** The listing form with its photo, place and terms fields, for a page that loads it alongside other data. */
export const loadListingForm = () => import('./components/listing-form/listing-form');
