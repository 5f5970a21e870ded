export { MarketplaceRoute } from '../../features/marketplace/routes/marketplace-route';
