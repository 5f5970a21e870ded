/** The notifications list with its actions, loaded where it shows (not part of a page's first load). */
export const loadNotificationsFeed = () => import('./components/notifications-feed');
