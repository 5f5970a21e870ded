export { ForumPostRoute } from '../../features/forum/routes/forum-post-route';
