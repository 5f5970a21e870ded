/** The alerts feature's public door: what other features and the app may use. Everything else in this folder is private to it. */
export { ALERT_MATCHES_PAGE_SIZE, alertKeys } from './api/alert-keys';
export { loadAlertMatches, loadAlertsManager } from './load-alerts';
export { SaveSearchButton } from './components/save-search-dialog';
