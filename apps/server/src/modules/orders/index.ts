/** The orders module's public door: what other modules and the app may use. Everything else in this folder is private to it. */
export { ordersServiceFor, registerOrdersModule } from './orders.module.js';
export { ORDER_EVENTS, orderEventNotifications } from './orders.notifications.js';
export type { NotifyingOrderEvent } from './orders.notifications.js';
export { ORDER_COMPLETE_JOB } from './orders.service.js';
