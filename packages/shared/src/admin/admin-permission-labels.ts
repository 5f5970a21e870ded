import type { AdminPermission } from './admin-permissions.js';

// Apart from admin-permissions.ts, which every page's guards read: only staff pages show labels.

/** What each permission lets a staff member do, in a few words: shown wherever a permission is. */
export const ADMIN_PERMISSION_LABELS: Record<AdminPermission, string> = {
  'users.read': 'View members',
  'users.ban': 'Ban members',
  'users.roles': 'Change roles',
  'content.moderate': 'Moderate content',
  'listings.manage': 'Approve listings',
  'moderation.rules': 'Edit moderation rules',
  'forum.manage': 'Manage the forum',
  'audit.read': 'Read the audit log',
  'sessions.manage': 'Manage sessions',
  'settings.manage': 'Change settings',
  'analytics.read': 'View analytics',
};

/** A permission's label; a permission this build does not know keeps its code. */
export function permissionLabel(permission: string): string {
  return (ADMIN_PERMISSION_LABELS as Record<string, string>)[permission] ?? permission;
}
