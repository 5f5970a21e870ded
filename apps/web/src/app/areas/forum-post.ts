export { ForumPostRoute } from '../../features/forum';
