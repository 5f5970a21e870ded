/** The forum feature's public door: what other features and the app may use. Everything else in this folder is private to it. */
export { forumKeys } from './api/forum-keys';
export { invalidateForumLists, usePost, useUpdatePost } from './api/forum.api';
export { POST_UPDATED, updateFailureMessage } from './components/edit-post-texts';
export { setOpenCreatePostFlag } from './create-post-flag';
export { ForumPostRoute } from './routes/forum-post-route';
export { ForumRoute } from './routes/forum-route';
export { PostCard } from './components/post-card';

export { loadForumSidebar } from './load-forum-sidebar';
export { loadForumBookmarks } from './load-forum-bookmarks';
