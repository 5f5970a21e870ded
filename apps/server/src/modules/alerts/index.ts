/** The alerts module's public door: what other modules and the app may use. Everything else in this folder is private to it. */
export { alertMatchesListing, matchListingToAlerts } from './alert-matcher.js';
export { registerAlertsModule } from './alerts.module.js';
export { matchColumnsOf } from './alerts.repository.js';
export { deleteMemberAlerts } from './member-alerts.js';
