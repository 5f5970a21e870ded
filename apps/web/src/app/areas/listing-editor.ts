export { CreateListingRoute, EditListingRoute } from '../../features/marketplace/routes/listing-editor-route';
