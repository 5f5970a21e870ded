// The admin area's plain values (no zod): roles, texts and limits the pages read without the schemas.
import type { ProfileRole } from './roles.js';

/** Profile roles (spec 000 §3); super_admin from the admin roles table maps to admin. */
export const PROFILE_ROLES = ['user', 'admin', 'moderator', 'support'] as const;

export const PROFILE_STATUSES = ['active', 'banned', 'pending'] as const;

/** Roles an admin_roles row may hold. */
export const ADMIN_ROLE_NAMES = ['super_admin', 'admin', 'moderator', 'support'] as const;
export type AdminRoleName = (typeof ADMIN_ROLE_NAMES)[number];

export function profileRoleFromAdminRole(role: string | null | undefined): ProfileRole {
  if (role === 'super_admin' || role === 'admin') return 'admin';
  if (role === 'moderator' || role === 'support') return role;
  return 'user';
}

/** Admin texts (spec 001 §8), verbatim. */
export const ADMIN_MESSAGES = {
  userBanned: 'User banned successfully',
  banFailed: 'Failed to ban user',
  userUnbanned: 'User unbanned successfully',
  unbanFailed: 'Failed to unban user',
  roleUpdated: 'User role updated successfully',
  roleUpdateFailed: 'Failed to update user role',
  userNotFound: 'User not found',
  sessionNotFound: 'Session not found',
  sessionTerminated: 'Session terminated',
  settingsSaved: 'Settings saved',
  cannotBanSelf: 'You cannot ban yourself',
  cannotChangeOwnRole: 'You cannot change your own role',
  moreRights: 'You cannot act on an admin with more rights than you',
  notBanned: 'This member is not banned',
  banEndInPast: 'The ban end must be in the future',
} as const;

export const ADMIN_PAGE_SIZE = 10;
export const SITE_NOTICE_MAX = 300;

/** Audit log entries' severities. */
export const AUDIT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;

/** The analytics page's time ranges. */
export const ANALYTICS_TIME_RANGES = ['7d', '30d', '90d', '12m'] as const;
