export { ProductDetailRoute } from '../../features/marketplace';
