/** The saved-search manager and the matches list, loaded where they show (not part of a page's first load). */
export const loadAlertsManager = () => import('./components/alerts-manager');
export const loadAlertMatches = () => import('./components/alert-matches');
