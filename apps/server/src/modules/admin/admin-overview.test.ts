import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AdminOverviewDto } from '@castline/shared';
import { profiles } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import { buildUser, get, signIn } from '../../../test/factories.js';

// This file's database is a fresh copy of the migrated template: the members below are all of them.
const t = useTestApp();

describe('GET /api/admin/overview', () => {
  it('counts members, new members, verified, captains, admins and banned members', async () => {
    const db = t.database.db;
    const admin = await buildUser(db, { adminRole: 'admin' });
    await buildUser(db, { adminRole: 'moderator' });
    const flagOnly = await buildUser(db);
    await buildUser(db, { adminRole: 'support', isAdminFlag: false });
    await buildUser(db, { emailVerified: false });
    await buildUser(db, { emailVerified: false });
    const landlubber = await buildUser(db);
    const banned = await buildUser(db);
    const oldTimers = [await buildUser(db), await buildUser(db)];

    await db.update(profiles).set({ is_admin: true }).where(eq(profiles.id, flagOnly.id));
    await db.update(profiles).set({ is_captain: false }).where(eq(profiles.id, landlubber.id));
    await db.update(profiles).set({ status: 'banned' }).where(eq(profiles.id, banned.id));
    await db
      .update(profiles)
      .set({ created_at: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) })
      .where(
        inArray(
          profiles.id,
          oldTimers.map((u) => u.id),
        ),
      );

    const before = Date.now();
    const response = await get(t.app, '/api/admin/overview', {
      cookie: await signIn(t.app, admin.email, admin.password),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const overview = AdminOverviewDto.parse(response.json());
    expect(overview).toMatchObject({
      members_total: 10,
      members_new_7d: 8,
      members_verified: 8,
      captains: 9,
      admins: 2,
      banned: 1,
    });
    expect(Date.parse(overview.generated_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(overview.generated_at).toMatch(/Z$/);
  });
});
