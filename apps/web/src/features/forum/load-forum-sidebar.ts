/** The forum's sidebar (top contributors), loaded on its own by pages outside the forum. */
export const loadForumSidebar = () => import('./components/forum-sidebar');
