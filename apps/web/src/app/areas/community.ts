export { ForumRoute } from '../../features/forum';
