import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_MESSAGES,
  ADMIN_PERMISSIONS,
  AdminAccessDto,
  AUTH_MESSAGES,
  ROLE_PERMISSIONS,
  type AdminPermission,
  type AdminRoleName,
} from '@castline/shared';
import { adminRoles, profiles } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import { buildUser, errorOf, get, signIn, type BuildUserOptions } from '../../../test/factories.js';

const t = useTestApp();

function permissionMap(granted: readonly AdminPermission[]): Record<AdminPermission, boolean> {
  return Object.fromEntries(ADMIN_PERMISSIONS.map((p) => [p, granted.includes(p)])) as Record<
    AdminPermission,
    boolean
  >;
}

async function signedIn(options: BuildUserOptions = {}) {
  const user = await buildUser(t.database.db, options);
  return { user, cookie: await signIn(t.app, user.email, user.password) };
}

async function accessOf(cookie: string) {
  const response = await get(t.app, '/api/admin/access', { cookie });
  expect(response.statusCode).toBe(200);
  return AdminAccessDto.parse(response.json());
}

describe('GET /api/admin/access', () => {
  it('needs a session', async () => {
    const response = await get(t.app, '/api/admin/access');
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toEqual({ code: 'UNAUTHENTICATED', message: AUTH_MESSAGES.notAuthenticated });
  });

  it('answers not admin and every permission false for a member', async () => {
    const { cookie } = await signedIn();
    expect(await accessOf(cookie)).toEqual({ is_admin: false, role: 'user', permissions: permissionMap([]) });
  });

  it.each<[AdminRoleName, string]>([
    ['super_admin', 'admin'],
    ['admin', 'admin'],
    ['moderator', 'moderator'],
    ['support', 'support'],
  ])('answers the %s role its permissions', async (adminRole, role) => {
    const { cookie } = await signedIn({ adminRole });
    expect(await accessOf(cookie)).toEqual({
      is_admin: true,
      role,
      permissions: permissionMap(ROLE_PERMISSIONS[adminRole]),
    });
  });

  it('treats an admin_roles row without the is_admin flag as not admin', async () => {
    const { cookie } = await signedIn({ adminRole: 'admin', isAdminFlag: false });
    const access = await accessOf(cookie);
    expect(access.is_admin).toBe(false);
    expect(access.permissions).toEqual(permissionMap([]));
  });

  it('treats the is_admin flag without an admin_roles row as not admin', async () => {
    const { user, cookie } = await signedIn();
    await t.database.db.update(profiles).set({ is_admin: true }).where(eq(profiles.id, user.id));
    expect(await accessOf(cookie)).toMatchObject({ is_admin: false, permissions: permissionMap([]) });
  });

  it('treats a banned admin as not admin', async () => {
    const { user, cookie } = await signedIn({ adminRole: 'admin' });
    await t.database.db.update(profiles).set({ status: 'banned' }).where(eq(profiles.id, user.id));
    expect(await accessOf(cookie)).toMatchObject({ is_admin: false, permissions: permissionMap([]) });
  });
});

describe('GET /api/admin/overview guard', () => {
  async function overviewAs(cookie?: string) {
    return get(t.app, '/api/admin/overview', cookie ? { cookie } : {});
  }

  function expectInsufficient(response: Awaited<ReturnType<typeof overviewAs>>) {
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({
      code: 'FORBIDDEN',
      message: ACCESS_MESSAGES.insufficientPermissions,
    });
  }

  it('needs a session', async () => {
    const response = await overviewAs();
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).message).toBe(AUTH_MESSAGES.notAuthenticated);
  });

  it('refuses a member', async () => {
    const { cookie } = await signedIn();
    expectInsufficient(await overviewAs(cookie));
  });

  it('refuses the is_admin flag without an admin_roles row', async () => {
    const { user, cookie } = await signedIn();
    await t.database.db.update(profiles).set({ is_admin: true }).where(eq(profiles.id, user.id));
    expectInsufficient(await overviewAs(cookie));
  });

  it('refuses an admin whose role lacks users.read', async () => {
    const { user, cookie } = await signedIn({ adminRole: 'support' });
    await t.database.db
      .update(adminRoles)
      .set({ permissions: ['analytics.read'] })
      .where(eq(adminRoles.user_id, user.id));
    expectInsufficient(await overviewAs(cookie));
  });

  it('refuses a banned admin', async () => {
    const { user, cookie } = await signedIn({ adminRole: 'super_admin' });
    await t.database.db.update(profiles).set({ status: 'banned' }).where(eq(profiles.id, user.id));
    expectInsufficient(await overviewAs(cookie));
  });

  it.each<AdminRoleName>(['super_admin', 'admin', 'moderator', 'support'])(
    'lets the %s role in (every role holds users.read)',
    async (adminRole) => {
      const { cookie } = await signedIn({ adminRole });
      expect((await overviewAs(cookie)).statusCode).toBe(200);
    },
  );
});
