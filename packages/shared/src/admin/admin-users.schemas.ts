import { z } from 'zod';
import { ADMIN_PERMISSIONS } from './admin-permissions.js';
import {
  ADMIN_PAGE_SIZE,
  ANALYTICS_TIME_RANGES,
  AUDIT_SEVERITIES,
  PROFILE_ROLES,
  PROFILE_STATUSES,
  SITE_NOTICE_MAX,
} from './admin-constants.js';

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE);

export const AdminIdParams = z.object({ id: z.uuid() });
export type AdminIdParams = z.infer<typeof AdminIdParams>;

// ---- users ----

export const AdminUsersQuery = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(PROFILE_STATUSES).optional(),
  role: z.enum(PROFILE_ROLES).optional(),
  page,
  pageSize,
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

export const AdminUserSummaryDto = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  role: z.enum(PROFILE_ROLES),
  status: z.string(),
  is_admin: z.boolean(),
  banned: z.boolean(),
  ban_end_date: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUserSummaryDto = z.infer<typeof AdminUserSummaryDto>;

export const AdminUserListDto = z.object({
  users: z.array(AdminUserSummaryDto),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUserListDto = z.infer<typeof AdminUserListDto>;

export const AdminBanDto = z.object({
  id: z.uuid(),
  reason: z.string(),
  ban_start: z.string(),
  ban_end: z.string().nullable(),
  notes: z.string().nullable(),
  banned_by: z.uuid().nullable(),
});
export type AdminBanDto = z.infer<typeof AdminBanDto>;

export const AdminUserDetailDto = AdminUserSummaryDto.extend({
  bio: z.string().nullable(),
  location: z.string().nullable(),
  banned_reason: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  active_ban: AdminBanDto.nullable(),
  counts: z.object({
    listings: z.number().int(),
    posts: z.number().int(),
    comments: z.number().int(),
    sales: z.number().int(),
    active_sessions: z.number().int(),
  }),
});
export type AdminUserDetailDto = z.infer<typeof AdminUserDetailDto>;

export const BanUserBody = z.object({
  reason: z.string().trim().min(1, 'A reason is required').max(500),
  ban_end: z.iso.datetime({ offset: true }).optional(),
  notes: z.string().trim().max(1000).optional(),
});
export type BanUserBody = z.infer<typeof BanUserBody>;

export const UpdateUserRoleBody = z.object({ role: z.enum(PROFILE_ROLES) });
export type UpdateUserRoleBody = z.infer<typeof UpdateUserRoleBody>;

export const AdminMessageDto = z.object({ message: z.string() });
export type AdminMessageDto = z.infer<typeof AdminMessageDto>;

// ---- roles ----

export const AdminRoleHolderDto = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  role: z.enum(PROFILE_ROLES),
  admin_role: z.string(),
  permissions: z.array(z.enum(ADMIN_PERMISSIONS)),
  last_sign_in_at: z.string().nullable(),
});
export type AdminRoleHolderDto = z.infer<typeof AdminRoleHolderDto>;

export const AdminRolesDto = z.object({ admins: z.array(AdminRoleHolderDto) });
export type AdminRolesDto = z.infer<typeof AdminRolesDto>;

// ---- sessions ----

export const AdminSessionsQuery = z.object({ page, pageSize });
export type AdminSessionsQuery = z.infer<typeof AdminSessionsQuery>;

export const AdminSessionDto = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  username: z.string(),
  email: z.string(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  last_activity_at: z.string(),
  expires_at: z.string(),
});
export type AdminSessionDto = z.infer<typeof AdminSessionDto>;

export const AdminSessionListDto = z.object({
  sessions: z.array(AdminSessionDto),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminSessionListDto = z.infer<typeof AdminSessionListDto>;

// ---- settings ----

export const AdminSettingsDto = z.object({
  listings_require_approval: z.boolean(),
  signups_open: z.boolean(),
  site_notice: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminSettingsDto = z.infer<typeof AdminSettingsDto>;

export const UpdateAdminSettingsBody = z
  .object({
    listings_require_approval: z.boolean().optional(),
    signups_open: z.boolean().optional(),
    site_notice: z.string().trim().max(SITE_NOTICE_MAX).nullable().optional(),
  })
  .strict();
export type UpdateAdminSettingsBody = z.infer<typeof UpdateAdminSettingsBody>;

/**
 * GET /api/site-notice (public): the admins' notice for the banner, and the settings every visitor's
 * pages must describe truly: whether a new listing waits for a moderator's approval before the
 * public sees it.
 */
export const SiteNoticeDto = z.object({
  notice: z.string().nullable(),
  listings_require_approval: z.boolean(),
});
export type SiteNoticeDto = z.infer<typeof SiteNoticeDto>;

// ---- audit logs ----

export const AuditSeverity = z.enum(AUDIT_SEVERITIES);

export const AuditLogsQuery = z.object({
  page,
  pageSize,
  severity: AuditSeverity.optional(),
  action: z.string().trim().min(1).max(100).optional(),
  actor_id: z.uuid().optional(),
});
export type AuditLogsQuery = z.infer<typeof AuditLogsQuery>;

export const AuditLogDto = z.object({
  id: z.uuid(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  severity: AuditSeverity,
  old_data: z.record(z.string(), z.unknown()).nullable(),
  new_data: z.record(z.string(), z.unknown()).nullable(),
  actor_id: z.uuid().nullable(),
  actor_username: z.string().nullable(),
  created_at: z.string(),
});
export type AuditLogDto = z.infer<typeof AuditLogDto>;

export const AuditLogListDto = z.object({
  logs: z.array(AuditLogDto),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditLogListDto = z.infer<typeof AuditLogListDto>;

// ---- analytics ----

export const AnalyticsQuery = z.object({
  time_range: z.enum(ANALYTICS_TIME_RANGES).default('30d'),
  /** A calendar month (YYYY-MM): the series covers that month's days instead of the range. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use YYYY-MM')
    .optional(),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

export const AnalyticsPointDto = z.object({
  /** The day (YYYY-MM-DD) or, for 12m, the month (YYYY-MM). */
  period: z.string(),
  members: z.number().int(),
  listings: z.number().int(),
  sales: z.number().int(),
  messages: z.number().int(),
  posts: z.number().int(),
});
export type AnalyticsPointDto = z.infer<typeof AnalyticsPointDto>;

export const AnalyticsDto = z.object({
  time_range: z.enum(ANALYTICS_TIME_RANGES),
  month: z.string().nullable(),
  granularity: z.enum(['day', 'month']),
  from: z.string(),
  to: z.string(),
  totals: AnalyticsPointDto.omit({ period: true }),
  series: z.array(AnalyticsPointDto),
});
export type AnalyticsDto = z.infer<typeof AnalyticsDto>;
