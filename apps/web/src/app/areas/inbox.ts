export { MessagesRoute } from '../../features/messaging';
export { NotificationsRoute } from '../../features/notifications';
