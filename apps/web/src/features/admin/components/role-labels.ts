import type { AdminRoleName, ProfileRole } from '@castline/shared';

export const ADMIN_ROLE_LABELS: Record<AdminRoleName, string> = {
  super_admin: 'Super admin',
  admin: 'Admin',
  moderator: 'Moderator',
  support: 'Support',
};

/** What each staff role may do, in one line (the grants of ROLE_PERMISSIONS). */
export const ADMIN_ROLE_SUMMARIES: Record<AdminRoleName, string> = {
  super_admin: 'Everything an admin may do; shown as Admin across Castline.',
  admin:
    'Everything: members, bans and roles, moderation, the forum, settings, sessions, the audit log and analytics.',
  moderator:
    'Works the moderation queue, approves listings and manages the forum; can view members and the audit log.',
  support: 'Views members, ends sessions and reads analytics and monitoring.',
};

export const PROFILE_ROLE_LABELS: Record<ProfileRole, string> = {
  user: 'Member',
  admin: 'Admin',
  moderator: 'Moderator',
  support: 'Support',
};

/** A role name from the admin roles table, readable; unknown names are shown as they are. */
export function adminRoleLabel(role: string): string {
  return (ADMIN_ROLE_LABELS as Record<string, string>)[role] ?? role;
}
