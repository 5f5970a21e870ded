export { ForumRoute } from '../../features/forum/routes/forum-route';
