import type {
  AdminBanDto,
  AdminPermission,
  AdminRoleHolderDto,
  AdminSessionDto,
  AdminSettingsDto,
  AdminUserDetailDto,
  AdminUserSummaryDto,
  AuditLogDto,
  ProfileRole,
} from '@castline/shared';
import { ADMIN_PERMISSIONS } from '@castline/shared';
import type { BanRow, ProfileRow, SettingsRow } from './admin-users.repository.js';
import type { auditLogs } from '../../db/schema/index.js';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

function asRole(role: string): ProfileRole {
  return role === 'admin' || role === 'moderator' || role === 'support' ? role : 'user';
}

export function presentUserSummary(row: ProfileRow): AdminUserSummaryDto {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    full_name: row.full_name,
    avatar_url: row.avatar_url,
    role: asRole(row.role),
    status: row.status,
    is_admin: row.is_admin,
    banned: row.status === 'banned',
    ban_end_date: iso(row.ban_end_date),
    created_at: row.created_at.toISOString(),
  };
}

export function presentBan(row: BanRow): AdminBanDto {
  return {
    id: row.id,
    reason: row.reason,
    ban_start: row.ban_start.toISOString(),
    ban_end: iso(row.ban_end),
    notes: row.notes,
    banned_by: row.banned_by,
  };
}

export function presentUserDetail(
  row: ProfileRow,
  ban: BanRow | null,
  activeSessions: number,
): AdminUserDetailDto {
  return {
    ...presentUserSummary(row),
    bio: row.bio,
    location: row.location,
    banned_reason: row.banned_reason,
    last_seen_at: iso(row.last_seen_at),
    active_ban: ban ? presentBan(ban) : null,
    counts: {
      listings: row.products_count,
      posts: row.posts_count,
      comments: row.comments_count,
      sales: row.sales_count,
      active_sessions: activeSessions,
    },
  };
}

export function knownPermissions(permissions: readonly string[]): AdminPermission[] {
  return ADMIN_PERMISSIONS.filter((permission) => permissions.includes(permission));
}

export function presentRoleHolder(row: {
  id: string;
  username: string;
  email: string;
  role: string;
  admin_role: string;
  permissions: string[];
  last_sign_in_at: Date | null;
}): AdminRoleHolderDto {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: asRole(row.role),
    admin_role: row.admin_role,
    permissions: knownPermissions(row.permissions),
    last_sign_in_at: iso(row.last_sign_in_at),
  };
}

export function presentSession(row: {
  id: string;
  user_id: string;
  username: string;
  email: string;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Date;
  updated_at: Date;
  expires_at: Date;
}): AdminSessionDto {
  return {
    id: row.id,
    user_id: row.user_id,
    username: row.username,
    email: row.email,
    ip_address: row.ip_address,
    user_agent: row.user_agent,
    created_at: row.created_at.toISOString(),
    last_activity_at: row.updated_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
  };
}

export function presentSettings(row: SettingsRow): AdminSettingsDto {
  return {
    listings_require_approval: row.listings_require_approval,
    signups_open: row.signups_open,
    site_notice: row.site_notice,
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentAuditLog(row: {
  log: typeof auditLogs.$inferSelect;
  actor_username: string | null;
}): AuditLogDto {
  const severity = row.log.severity;
  return {
    id: row.log.id,
    action: row.log.action,
    entity_type: row.log.entity_type,
    entity_id: row.log.entity_id,
    severity: severity === 'medium' || severity === 'high' || severity === 'critical' ? severity : 'low',
    old_data: row.log.old_data ?? null,
    new_data: row.log.new_data ?? null,
    actor_id: row.log.user_id,
    actor_username: row.actor_username,
    created_at: row.log.created_at.toISOString(),
  };
}
