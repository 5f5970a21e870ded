export { MessagesRoute } from '../../features/messaging/routes/messages-route';
export { NotificationsRoute } from '../../features/notifications/routes/notifications-route';
