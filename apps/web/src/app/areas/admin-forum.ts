export { ForumAdminRoute } from '../../features/moderation';
