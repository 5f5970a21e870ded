import { describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES, ADMIN_PERMISSIONS, ROLE_PERMISSIONS, type AdminPermission } from '@castline/shared';
import {
  actsAsAdmin,
  actsAsCaptain,
  actsWithPermissions,
  assertRouteAccess,
  type Actor,
} from './access-policy.js';

function actor(overrides: Partial<Actor> = {}): Actor {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'member@example.com',
    emailVerified: true,
    username: 'member',
    full_name: null,
    avatar_url: null,
    role: 'user',
    status: 'active',
    is_admin: false,
    is_captain: true,
    permissions: [],
    created_at: new Date(0).toISOString(),
    hasAdminRole: false,
    ...overrides,
  };
}

function admin(permissions: readonly AdminPermission[], overrides: Partial<Actor> = {}): Actor {
  return actor({
    role: 'admin',
    is_admin: true,
    hasAdminRole: true,
    permissions: [...permissions],
    ...overrides,
  });
}

function forbiddenMessage(run: () => void): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('access policy', () => {
  it.each([
    ['a member', actor(), false],
    ['an admin', admin(ADMIN_PERMISSIONS), true],
    ['a flag-only admin (no admin_roles row)', actor({ is_admin: false, hasAdminRole: false }), false],
    ['a role row without the flag', actor({ is_admin: false, hasAdminRole: true }), false],
    ['a banned admin', admin(ADMIN_PERMISSIONS, { status: 'banned' }), false],
  ])('admin check for %s is %s', (_name, who, expected) => {
    expect(actsAsAdmin(who)).toBe(expected);
  });

  it('needs every listed permission', () => {
    const support = admin(ROLE_PERMISSIONS.support, { role: 'support' });
    expect(actsWithPermissions(support, ['users.read'])).toBe(true);
    expect(actsWithPermissions(support, ['users.read', 'analytics.read'])).toBe(true);
    expect(actsWithPermissions(support, ['users.read', 'users.ban'])).toBe(false);
    expect(actsWithPermissions(support, [])).toBe(true);
    expect(actsWithPermissions(actor(), [])).toBe(false);
  });

  it.each([
    ['a captain', actor(), true],
    ['a non-captain', actor({ is_captain: false }), false],
    ['a banned captain', actor({ status: 'banned' }), false],
    ['a pending captain', actor({ status: 'pending' }), true],
  ])('captain check for %s is %s', (_name, who, expected) => {
    expect(actsAsCaptain(who)).toBe(expected);
  });

  it('route guards answer the spec texts', () => {
    const support = admin(ROLE_PERMISSIONS.support, { role: 'support' });
    expect(forbiddenMessage(() => assertRouteAccess('admin', support, ['users.read']))).toBeUndefined();
    expect(forbiddenMessage(() => assertRouteAccess('admin', support, ['users.ban']))).toBe(
      ACCESS_MESSAGES.insufficientPermissions,
    );
    expect(forbiddenMessage(() => assertRouteAccess('admin', actor(), []))).toBe(
      ACCESS_MESSAGES.insufficientPermissions,
    );
    expect(forbiddenMessage(() => assertRouteAccess('captain', actor({ is_captain: false })))).toBe(
      ACCESS_MESSAGES.captainsOnly,
    );
    expect(forbiddenMessage(() => assertRouteAccess('captain', actor()))).toBeUndefined();
    expect(
      forbiddenMessage(() => assertRouteAccess('required', actor({ status: 'banned' }))),
    ).toBeUndefined();
  });
});
