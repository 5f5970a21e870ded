/** The orders feature's public door: what other features and the app may use. Everything else in this folder is private to it. */
export { ORDERS_PAGE_SIZE, orderKeys } from './api/order-keys';
export { orderChangeKeys } from './api/order-change-keys';
export { BuyNowButton } from './components/buy-now-button';
export { OrderRoute } from './routes/order-route';
export { OrdersRoute } from './routes/orders-route';
