/** The monitoring feature's public door: what other features and the app may use. Everything else in this folder is private to it. */
export { ErrorTestRoute } from './routes/error-test-route';
export { MonitoringAdminRoute } from './routes/monitoring-admin-route';
