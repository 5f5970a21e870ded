import { describe, expect, it } from 'vitest';
import type { AdminRoleName } from './admin-constants.js';
import { ADMIN_PERMISSION_LABELS, permissionLabel } from './admin-permission-labels.js';
import {
  ADMIN_PERMISSIONS,
  type AdminPermission,
  hasPermissions,
  isAdmin,
  ROLE_PERMISSIONS,
  type PermissionActor,
} from './admin-permissions.js';

const actor = (overrides: Partial<PermissionActor>): PermissionActor => ({
  is_admin: false,
  permissions: [],
  hasAdminRole: false,
  ...overrides,
});

describe('isAdmin', () => {
  it.each([
    [{ is_admin: true, hasAdminRole: true }, true],
    [{ is_admin: true, hasAdminRole: false }, false],
    [{ is_admin: false, hasAdminRole: true }, false],
    [{ is_admin: false, hasAdminRole: false }, false],
  ])('%o → %s (needs the flag AND an admin_roles row)', (overrides, expected) => {
    expect(isAdmin(actor(overrides))).toBe(expected);
  });

  it('treats a missing actor as not admin', () => {
    expect(isAdmin(null)).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
  });
});

describe('hasPermissions', () => {
  const moderator = actor({ is_admin: true, hasAdminRole: true, permissions: ROLE_PERMISSIONS.moderator });
  const support = actor({ is_admin: true, hasAdminRole: true, permissions: ROLE_PERMISSIONS.support });
  const admin = actor({ is_admin: true, hasAdminRole: true, permissions: ROLE_PERMISSIONS.admin });

  it('requires every listed permission', () => {
    expect(hasPermissions(moderator, ['users.read', 'content.moderate'])).toBe(true);
    expect(hasPermissions(moderator, ['users.read', 'settings.manage'])).toBe(false);
    expect(hasPermissions(support, ['analytics.read'])).toBe(true);
    expect(hasPermissions(support, ['users.ban'])).toBe(false);
  });

  it('gives admins every permission', () => {
    expect(hasPermissions(admin, ADMIN_PERMISSIONS)).toBe(true);
  });

  it('denies everything to a member holding permissions without the admin check passing', () => {
    const flagless = actor({ is_admin: false, hasAdminRole: true, permissions: ADMIN_PERMISSIONS });
    expect(hasPermissions(flagless, ['users.read'])).toBe(false);
  });
});

describe('ROLE_PERMISSIONS matrix', () => {
  const Y = true;
  const N = false;
  // permission: [super_admin, admin, moderator, support]
  const matrix: Record<AdminPermission, [boolean, boolean, boolean, boolean]> = {
    'users.read': [Y, Y, Y, Y],
    'users.ban': [Y, Y, N, N],
    'users.roles': [Y, Y, N, N],
    'content.moderate': [Y, Y, Y, N],
    'listings.manage': [Y, Y, Y, N],
    'moderation.rules': [Y, Y, N, N],
    'forum.manage': [Y, Y, Y, N],
    'audit.read': [Y, Y, Y, N],
    'sessions.manage': [Y, Y, N, Y],
    'settings.manage': [Y, Y, N, N],
    'analytics.read': [Y, Y, N, Y],
  };
  const roles: AdminRoleName[] = ['super_admin', 'admin', 'moderator', 'support'];

  it('covers every permission', () => {
    expect(Object.keys(matrix).sort()).toEqual([...ADMIN_PERMISSIONS].sort());
  });

  it.each(ADMIN_PERMISSIONS.flatMap((permission) => roles.map((role, i) => [permission, role, i] as const)))(
    '%s for %s',
    (permission, role, i) => {
      const holder = actor({ is_admin: true, hasAdminRole: true, permissions: ROLE_PERMISSIONS[role] });
      expect(hasPermissions(holder, [permission])).toBe(matrix[permission][i]);
    },
  );
});

describe('permission labels', () => {
  it('gives every permission words of its own, never its code', () => {
    const labels = ADMIN_PERMISSIONS.map((permission) => permissionLabel(permission));
    expect(new Set(labels).size).toBe(ADMIN_PERMISSIONS.length);
    for (const permission of ADMIN_PERMISSIONS) {
      expect(ADMIN_PERMISSION_LABELS[permission]).not.toContain('.');
    }
    expect(permissionLabel('users.read')).toBe('View members');
    // A permission this build does not know keeps its code rather than showing nothing.
    expect(permissionLabel('reports.export')).toBe('reports.export');
  });
});
