export { NotificationsRoute } from '../../features/notifications';
