export { ProductDetailRoute } from '../../features/marketplace/routes/product-detail-route';
