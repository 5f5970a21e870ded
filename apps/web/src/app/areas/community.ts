export { ForumRoute } from '../../features/forum/routes/forum-route';
export { ForumPostRoute } from '../../features/forum/routes/forum-post-route';
export { ProfileRoute } from '../../features/profiles/routes/profile-route';
