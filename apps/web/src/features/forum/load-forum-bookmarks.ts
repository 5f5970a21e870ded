/** The profile's Bookmarks tab, loaded when it opens. */
export const loadForumBookmarks = () => import('./components/forum-bookmarks');
