export { CreateListingRoute } from '../../features/marketplace';
