export { MarketplaceRoute } from '../../features/marketplace';
