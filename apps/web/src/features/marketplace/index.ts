/** The marketplace feature's public door: what other features and the app may use. Everything else in this folder is private to it. */
export { CreateListingRoute } from './routes/listing-editor-route';
export { EditListingRoute } from './routes/edit-listing-route';
export { MarketplaceRoute } from './routes/marketplace-route';
export { ListingDetailRoute } from './routes/listing-detail-route';
