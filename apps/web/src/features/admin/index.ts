/** The admin feature's public door: what other features and the app may use. Everything else in this folder is private to it. */
export { AdminLayout } from './components/admin-layout';
export { AdminDashboardRoute } from './routes/admin-dashboard-route';
export { AdminRolesRoute } from './routes/admin-roles-route';
export { AdminSessionsRoute } from './routes/admin-sessions-route';
export { AdminSettingsRoute } from './routes/admin-settings-route';
export { AuditLogsRoute } from './routes/audit-logs-route';
export { ImagePerformanceRoute } from './routes/image-performance-route';
