export { AdminRolesRoute } from '../../features/admin';
export { AdminSessionsRoute } from '../../features/admin';
export { AdminSettingsRoute } from '../../features/admin';
export { AuditLogsRoute } from '../../features/admin';
