/** The listings feature's public door: what other features and the app may use. Everything else in this folder is private to it. */
export { listingQueryOptions, useListing, useListingViewBeacon } from './api/listing-detail.api';
export {
  DEFAULT_RADIUS_MILES,
  EMPTY_FILTERS,
  hasActiveFilters,
  normalizeFilters,
  searchStringFromFilters,
  useListingsInfinite,
} from './api/listing-queries';
export {
  fetchListings,
  flattenPages,
  nextPageOf,
  useHomeListings,
  useMyFavorites,
  useSellerListings,
} from './api/listing-lists';
export { listingKeys } from './api/listing-keys';
export type { ListingFilters } from './api/listing-queries';
export { isAbortError, uploadListingImage } from './api/upload';
export { DeliveryTerms } from './components/detail/delivery-terms';
export { ListingActionBar, listingRolesOf } from './components/detail/listing-action-bar';
export { ListingGallery } from './components/detail/listing-gallery';
export { ListingDescription, ListingOverview } from './components/detail/listing-overview';
export { ListingSpecs } from './components/detail/listing-specs';
export { TransactionRating } from './components/detail/rating-control';
export { SellerCard } from './components/detail/seller-card';
export { SimilarListingsRow } from './components/detail/similar-listings-row';
export { thumbnailUrl } from './components/image-upload/photo-grid';
export { PhotoChooserInput } from './components/image-upload/photo-chooser-input';
export { UploadProblems } from './components/image-upload/upload-problems';
export { UploadQueue } from './components/image-upload/upload-queue';
export { useImageUploads } from './components/image-upload/use-image-uploads';
/** "$1,250" for whole dollars, "$0.50" or "$12.99" with cents (the same as a listing card's price). */
export { formatDollars as formatPrice } from '../../lib/format-number';
export { ActiveFilterChips } from './components/listing-filters/active-filter-chips';
export { activeFilters, clearedFilters } from './components/listing-filters/active-filters';
export { FiltersSheet } from './components/listing-filters/filters-sheet';
export { ListingFilterPanel } from './components/listing-filters/listing-filter-panel';
export { SortSelect } from './components/listing-filters/sort-select';
export { useListingFilters } from './components/listing-filters/use-listing-filters';
export { ListingForm } from './components/listing-form/listing-form';
export { loadListingForm } from './load-listing-form';
export { loadListingGallery } from './load-listing-gallery';
export { ListingGrid, ListingPager, ListingsError } from './components/listing-grid';
export { ListingGridSkeleton } from './components/listing-grid-skeleton';
export { ListingImage, imageVariantUrl } from './components/listing-image';
export { PriceGuide } from './components/price-guide/lazy-price-guide';
export type { PriceGuideProps } from './components/price-guide/price-guide';
export { PriceHint } from './components/price-guide/lazy-price-hint';
export type { PriceHintProps } from './components/price-guide/price-hint';
export { OwnListingRow } from './components/own-listing-row';
export { dashboardApprovalText } from './lib/approval-texts';
export { isMobileDevice } from './lib/device';
export { formatListingCount } from './lib/listing-count';
