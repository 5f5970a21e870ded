export { AdminLayout } from '../../features/admin';

const dashboard = () => import('./admin-dashboard');
/** Members and a member's page (ban, role). */
const users = () => import('./admin-users');
/** Staff roles, sessions, the site's settings and the audit log. */
const system = () => import('./admin-system');
/** The moderation queue, listing approval, rules and the moderation log. */
const moderation = () => import('./admin-moderation');
/** Forum administration, with the forum's own queries and texts. */
const forum = () => import('./admin-forum');
/** Errors and events reported by browsers, and this browser's image performance. */
const monitoring = () => import('./admin-monitoring');

/*
 * The area of each admin page, one per section, loaded through this area (the admin frame every
 * admin page renders in): the entry, which every visitor loads, names this area alone, and the
 * sections' preload lists live here. A page's area is asked for once the frame's area is in.
 */
export const adminPageAreas = {
  AdminDashboardRoute: dashboard,
  AdminUsersRoute: users,
  AdminUserRoute: users,
  AdminRolesRoute: system,
  AdminSessionsRoute: system,
  AdminSettingsRoute: system,
  AuditLogsRoute: system,
  ModerationQueueRoute: moderation,
  ListingApprovalRoute: moderation,
  ModerationRulesRoute: moderation,
  ModerationLogsRoute: moderation,
  ForumAdminRoute: forum,
  MonitoringAdminRoute: monitoring,
  ImagePerformanceRoute: monitoring,
};
