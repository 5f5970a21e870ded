import type { AdminRoleName } from './admin-constants.js';

/** Fine-grained permission flags checked per admin route. */
export const ADMIN_PERMISSIONS = [
  'users.read',
  'users.ban',
  'users.roles',
  'content.moderate',
  'listings.manage',
  'moderation.rules',
  'forum.manage',
  'audit.read',
  'sessions.manage',
  'settings.manage',
  'analytics.read',
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

/**
 * The permissions each admin role is granted when it is assigned:
 * - moderator: the moderation queue, listings and the forum, reading members and the audit log;
 * - support: reading members, managing sessions, reading analytics;
 * - admin and super_admin: everything.
 */
export const ROLE_PERMISSIONS: Record<AdminRoleName, readonly AdminPermission[]> = {
  super_admin: ADMIN_PERMISSIONS,
  admin: ADMIN_PERMISSIONS,
  moderator: ['content.moderate', 'listings.manage', 'forum.manage', 'users.read', 'audit.read'],
  support: ['users.read', 'sessions.manage', 'analytics.read'],
};

export interface PermissionActor {
  is_admin: boolean;
  /** Permissions from the actor's admin_roles row; empty when there is none. */
  permissions: readonly string[];
  /** Whether an admin_roles row exists for the actor. */
  hasAdminRole: boolean;
}

/** The admin check needs both the is_admin flag and an admin_roles row. */
export function isAdmin(actor: PermissionActor | null | undefined): boolean {
  return Boolean(actor && actor.is_admin && actor.hasAdminRole);
}

/** True when the actor is an admin holding every listed permission. */
export function hasPermissions(
  actor: PermissionActor | null | undefined,
  required: readonly AdminPermission[],
): boolean {
  if (!actor || !isAdmin(actor)) return false;
  return required.every((permission) => actor.permissions.includes(permission));
}

/** True when `actor` holds every permission `target` holds (an admin may not act on one with more rights). */
export function holdsAllPermissionsOf(actor: readonly string[], target: readonly string[]): boolean {
  return target.every((permission) => actor.includes(permission));
}
