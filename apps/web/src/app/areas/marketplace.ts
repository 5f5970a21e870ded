export { MarketplaceRoute } from '../../features/marketplace/routes/marketplace-route';
export { CreateListingRoute, EditListingRoute } from '../../features/marketplace/routes/listing-editor-route';
export { ProductDetailRoute } from '../../features/marketplace/routes/product-detail-route';
