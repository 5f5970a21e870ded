import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PublicProfileDto } from '@castline/shared';
import { profiles } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import { buildUser, errorOf, get, signIn } from '../../../test/factories.js';

const t = useTestApp();
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

async function viewerCookie() {
  const viewer = await buildUser(t.database.db);
  return signIn(t.app, viewer.email, viewer.password);
}

describe('GET /api/profiles/:userId', () => {
  it('needs a session, whatever the id', async () => {
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      const response = await get(t.app, `/api/profiles/${id}`);
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).message).toBe(AUTH_MESSAGES.notAuthenticated);
    }
  });

  it("answers a member's public profile without the email or block list", async () => {
    const member = await buildUser(t.database.db);
    await t.database.db
      .update(profiles)
      .set({
        bio: 'Fly fishing on the Test.',
        title: 'River guide',
        location: 'Hampshire',
        seller_rating: 4.75,
        sales_count: 3,
        blocked_users: [UNKNOWN_ID],
      })
      .where(eq(profiles.id, member.id));

    const response = await get(t.app, `/api/profiles/${member.id}`, { cookie: await viewerCookie() });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Record<string, unknown>;
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('blocked_users');
    expect(Object.keys(body).sort()).toEqual(Object.keys(PublicProfileDto.shape).sort());
    expect(PublicProfileDto.parse(body)).toMatchObject({
      id: member.id,
      username: member.username,
      bio: 'Fly fishing on the Test.',
      title: 'River guide',
      location: 'Hampshire',
      role: 'user',
      is_captain: true,
      seller_rating: 4.75,
      sales_count: 3,
      last_seen_at: null,
    });
    expect(typeof body.seller_rating).toBe('number');
  });

  it('takes the role from the admin_roles row when there is one', async () => {
    const cookie = await viewerCookie();
    const superAdmin = await buildUser(t.database.db, { adminRole: 'super_admin' });
    const moderator = await buildUser(t.database.db, { adminRole: 'moderator' });
    const profileRoleOnly = await buildUser(t.database.db);
    await t.database.db.update(profiles).set({ role: 'support' }).where(eq(profiles.id, profileRoleOnly.id));

    const roleOf = async (id: string) => (await get(t.app, `/api/profiles/${id}`, { cookie })).json().role;
    expect(await roleOf(superAdmin.id)).toBe('admin');
    expect(await roleOf(moderator.id)).toBe('moderator');
    expect(await roleOf(profileRoleOnly.id)).toBe('support');
  });

  it('answers 404 Profile not found for an unknown id and for a malformed one', async () => {
    const cookie = await viewerCookie();
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      const response = await get(t.app, `/api/profiles/${id}`, { cookie });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: AUTH_MESSAGES.profileNotFound });
    }
  });
});
