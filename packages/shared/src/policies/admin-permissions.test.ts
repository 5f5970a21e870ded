import { describe, expect, it } from 'vitest';
import {
  ADMIN_PERMISSIONS,
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
    expect(hasPermissions(moderator, ['users.ban', 'content.moderate'])).toBe(true);
    expect(hasPermissions(moderator, ['users.ban', 'settings.manage'])).toBe(false);
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
