/** The photo gallery, for a page that shows it only when there are photos (a topic's). */
export const loadListingGallery = () => import('./components/detail/listing-gallery');
