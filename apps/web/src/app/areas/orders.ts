export { OrderRoute, OrdersRoute } from '../../features/orders';
