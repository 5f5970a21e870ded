export { EditListingRoute } from '../../features/marketplace';
