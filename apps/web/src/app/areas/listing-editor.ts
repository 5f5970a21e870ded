export { CreateListingRoute, EditListingRoute } from '../../features/marketplace';
