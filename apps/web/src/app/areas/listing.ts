export { ListingDetailRoute } from '../../features/marketplace';
