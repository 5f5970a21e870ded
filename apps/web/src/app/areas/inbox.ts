export { MessagesRoute } from '../../features/messaging';
