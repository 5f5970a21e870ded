/** The notifications feature's public door: what other features and the app may use. Everything else in this folder is private to it. */
export { useUnreadCounts } from './api/unread';
export { NotificationsFeed } from './components/notifications-feed';
export { loadNotificationsFeed } from './load-notifications-feed';
export { NotificationsMenu } from './components/notifications-menu';
export { NotificationsRoute } from './routes/notifications-route';
