import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  AdminRolesDto,
  AdminSessionListDto,
  AdminSettingsDto,
  AdminUserDetailDto,
  AdminUserListDto,
  AnalyticsDto,
  AuditLogListDto,
  ListingListDto,
  PostListDto,
  ROLE_PERMISSIONS,
  SiteNoticeDto,
} from '@castline/shared';
import { adminRoles, auditLogs, products, profiles, userBans } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildListing,
  buildMessage,
  buildPost,
  buildUser,
  del,
  errorOf,
  get,
  guest,
  post,
  put,
  signedInMember,
  uniqueIp,
  type Member,
} from '../../../test/factories.js';

const t = useTestApp();
const db = () => t.database.db;

function patch(url: string, payload: unknown, caller: Member) {
  return t.app.inject({
    method: 'PATCH',
    url,
    payload: payload as object,
    headers: { cookie: caller.cookie },
  });
}

async function auditFor(entityId: string) {
  return db().select().from(auditLogs).where(eq(auditLogs.entity_id, entityId)).orderBy(auditLogs.created_at);
}

async function profileOf(id: string) {
  const [row] = await db().select().from(profiles).where(eq(profiles.id, id));
  if (!row) throw new Error('no profile');
  return row;
}

describe('banning and unbanning', () => {
  it('signs the member out everywhere, refuses sign-in with why and until when, hides their content, and unban restores it', async () => {
    const admin = await signedInMember(t.app, db(), 'admin');
    const member = await signedInMember(t.app, db());
    const listing = await buildListing(db(), member.id);
    const hiddenBefore = await buildListing(db(), member.id, { visible_in_marketplace: false });
    const forumPost = await buildPost(db(), member.id);

    const listingsFor = async () =>
      ListingListDto.parse(
        (await get(t.app, `/api/listings?seller_id=${member.id}`, guest())).json(),
      ).items.map((l) => l.id);
    const postsFor = async () =>
      PostListDto.parse(
        (await get(t.app, `/api/forum/posts?author_id=${member.id}`, guest())).json(),
      ).items.map((p) => p.id);
    expect(await listingsFor()).toEqual([listing.id]);
    expect(await postsFor()).toEqual([forumPost.id]);

    const banned = await post(
      t.app,
      `/api/admin/users/${member.id}/ban`,
      { reason: 'Selling counterfeit reels', ban_end: '2099-12-01T12:00:00Z', notes: 'Second warning' },
      admin,
    );
    expect(banned.statusCode).toBe(200);
    expect(banned.json()).toEqual({ message: 'User banned successfully' });

    // Signed out everywhere at once.
    expect((await get(t.app, '/api/admin/access', member)).statusCode).toBe(401);
    // Told why and until when.
    const refused = await post(
      t.app,
      '/api/auth/sign-in',
      { email: member.email, password: 'correct-horse-battery' },
      { ip: uniqueIp() },
    );
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(
      'Your account is banned until 1 Dec 2099: Selling counterfeit reels',
    );
    expect(refused.cookies.find((c) => c.name === 'castline.session_token' && c.value)).toBeUndefined();

    // Gone from public view.
    expect(await listingsFor()).toEqual([]);
    expect(await postsFor()).toEqual([]);
    expect((await get(t.app, `/api/forum/posts/${forumPost.id}`, guest())).statusCode).toBe(404);
    expect((await get(t.app, `/api/listings/${listing.id}`, guest())).statusCode).toBe(404);
    expect((await get(t.app, `/api/listings/${listing.id}`, admin)).statusCode).toBe(200);

    const detail = AdminUserDetailDto.parse(
      (await get(t.app, `/api/admin/users/${member.id}`, admin)).json(),
    );
    expect(detail).toMatchObject({
      status: 'banned',
      banned: true,
      banned_reason: 'Selling counterfeit reels',
      ban_end_date: '2099-12-01T12:00:00.000Z',
      active_ban: { reason: 'Selling counterfeit reels', notes: 'Second warning', banned_by: admin.id },
      counts: { active_sessions: 0 },
    });

    const unbanned = await post(t.app, `/api/admin/users/${member.id}/unban`, undefined, admin);
    expect(unbanned.statusCode).toBe(200);
    expect(unbanned.json()).toEqual({ message: 'User unbanned successfully' });
    expect(await listingsFor()).toEqual([listing.id]);
    expect(await postsFor()).toEqual([forumPost.id]);
    expect((await get(t.app, `/api/listings/${listing.id}`, guest())).statusCode).toBe(200);
    // What the member had hidden themselves stays hidden.
    const [stillHidden] = await db().select().from(products).where(eq(products.id, hiddenBefore.id));
    expect(stillHidden?.visible_in_marketplace).toBe(false);
    const bans = await db().select().from(userBans).where(eq(userBans.user_id, member.id));
    expect(bans.map((b) => [b.is_active, b.lifted_by])).toEqual([[false, admin.id]]);

    const again = await post(
      t.app,
      '/api/auth/sign-in',
      { email: member.email, password: 'correct-horse-battery' },
      { ip: uniqueIp() },
    );
    expect(again.statusCode).toBe(200);

    const audit = await auditFor(member.id);
    expect(audit.map((a) => [a.action, a.severity, a.user_id])).toEqual([
      ['user.ban', 'high', admin.id],
      ['user.unban', 'medium', admin.id],
    ]);
    expect(audit[0]?.new_data).toMatchObject({ reason: 'Selling counterfeit reels', sessions_ended: 1 });
  });

  it('keeps audit rows append-only: the database refuses updates and deletes', async () => {
    const admin = await signedInMember(t.app, db(), 'admin');
    const member = await buildUser(db());
    expect(
      (await post(t.app, `/api/admin/users/${member.id}/ban`, { reason: 'Spam' }, admin)).statusCode,
    ).toBe(200);
    const [row] = await auditFor(member.id);
    if (!row) throw new Error('no audit row');
    await expect(
      db().update(auditLogs).set({ severity: 'low' }).where(eq(auditLogs.id, row.id)),
    ).rejects.toThrow();
    await expect(db().delete(auditLogs).where(eq(auditLogs.id, row.id))).rejects.toThrow();
    expect((await auditFor(member.id))[0]?.severity).toBe('high');
  });

  it('says "banned" without a date for an open-ended ban, and lets the member in once a ban has ended', async () => {
    const admin = await signedInMember(t.app, db(), 'admin');
    const member = await buildUser(db());
    await post(t.app, `/api/admin/users/${member.id}/ban`, { reason: 'Harassment' }, admin);
    const refused = await post(
      t.app,
      '/api/auth/sign-in',
      { email: member.email, password: member.password },
      { ip: uniqueIp() },
    );
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe('Your account is banned: Harassment');

    await db()
      .update(profiles)
      .set({ ban_end_date: new Date(Date.now() - 60_000) })
      .where(eq(profiles.id, member.id));
    const allowed = await post(
      t.app,
      '/api/auth/sign-in',
      { email: member.email, password: member.password },
      { ip: uniqueIp() },
    );
    expect(allowed.statusCode).toBe(200);
    expect(await profileOf(member.id)).toMatchObject({ status: 'active', banned: false });
    const [ban] = await db().select().from(userBans).where(eq(userBans.user_id, member.id));
    expect(ban?.is_active).toBe(false);
  });

  it('refuses bad input, self-bans and banning an admin with more rights', async () => {
    const admin = await signedInMember(t.app, db(), 'admin');
    const member = await buildUser(db());
    const noReason = await post(t.app, `/api/admin/users/${member.id}/ban`, { reason: '  ' }, admin);
    expect(noReason.statusCode).toBe(400);
    const past = await post(
      t.app,
      `/api/admin/users/${member.id}/ban`,
      { reason: 'Spam', ban_end: '2020-01-01T00:00:00Z' },
      admin,
    );
    expect(past.statusCode).toBe(400);
    expect(errorOf(past).message).toBe(ADMIN_MESSAGES.banEndInPast);
    const self = await post(t.app, `/api/admin/users/${admin.id}/ban`, { reason: 'Oops' }, admin);
    expect(self.statusCode).toBe(403);

    const limited = await signedInMember(t.app, db(), 'admin');
    await db()
      .update(adminRoles)
      .set({ permissions: ['users.read', 'users.ban'] })
      .where(eq(adminRoles.user_id, limited.id));
    const superAdmin = await buildUser(db(), { adminRole: 'super_admin' });
    const upward = await post(t.app, `/api/admin/users/${superAdmin.id}/ban`, { reason: 'Coup' }, limited);
    expect(upward.statusCode).toBe(403);
    expect(errorOf(upward).message).toBe(ADMIN_MESSAGES.moreRights);
    expect((await profileOf(superAdmin.id)).status).toBe('active');

    const notBanned = await post(t.app, `/api/admin/users/${member.id}/unban`, undefined, admin);
    expect(notBanned.statusCode).toBe(409);
    expect(await auditFor(member.id)).toEqual([]);
  });
});

describe('users, roles and sessions', () => {
  it('lists members newest first, 10 a page, with search and filters', async () => {
    const admin = await signedInMember(t.app, db(), 'support');
    const tag = `pike${Date.now().toString(36)}`;
    const made = [];
    for (let i = 0; i < 12; i += 1) made.push(await buildUser(db(), { username: `${tag}_${i}` }));
    await db()
      .update(profiles)
      .set({ created_at: sql`now() - (${profiles.username} ~ '_1$')::int * interval '1 day'` })
      .where(sql`${profiles.username} like ${`${tag}%`}`);

    const first = AdminUserListDto.parse((await get(t.app, `/api/admin/users?q=${tag}`, admin)).json());
    expect(first.total).toBe(12);
    expect(first.users).toHaveLength(10);
    expect(first.pageSize).toBe(10);
    const second = AdminUserListDto.parse(
      (await get(t.app, `/api/admin/users?q=${tag}&page=2`, admin)).json(),
    );
    expect(second.users).toHaveLength(2);
    // The one a day older comes last.
    expect(second.users.at(-1)?.username).toBe(`${tag}_1`);

    const byEmail = AdminUserListDto.parse(
      (await get(t.app, `/api/admin/users?q=${made[3]?.email}`, admin)).json(),
    );
    expect(byEmail.users.map((u) => u.id)).toEqual([made[3]?.id]);
    const supports = AdminUserListDto.parse(
      (await get(t.app, '/api/admin/users?role=support&pageSize=100', admin)).json(),
    );
    expect(supports.users.every((u) => u.role === 'support')).toBe(true);
    expect((await get(t.app, '/api/admin/users?status=gone', admin)).statusCode).toBe(400);
    expect((await get(t.app, '/api/admin/users/not-a-uuid', admin)).statusCode).toBe(400);
  });

  it('changes roles (admin only), audited, and never your own', async () => {
    const admin = await signedInMember(t.app, db(), 'admin');
    const member = await signedInMember(t.app, db());

    const promoted = await patch(`/api/admin/users/${member.id}/role`, { role: 'moderator' }, admin);
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toEqual({ message: 'User role updated successfully' });
    expect(await profileOf(member.id)).toMatchObject({ role: 'moderator', is_admin: true });
    const [row] = await db().select().from(adminRoles).where(eq(adminRoles.user_id, member.id));
    expect(row).toMatchObject({ role: 'moderator', permissions: [...ROLE_PERMISSIONS.moderator] });
    // The member's own session now passes moderator routes.
    expect((await get(t.app, '/api/admin/audit-logs', member)).statusCode).toBe(200);

    const roles = AdminRolesDto.parse((await get(t.app, '/api/admin/roles', admin)).json());
    const listed = roles.admins.find((a) => a.id === member.id);
    expect(listed).toMatchObject({ role: 'moderator', admin_role: 'moderator', email: member.email });
    expect(listed?.last_sign_in_at).not.toBeNull();

    const demoted = await patch(`/api/admin/users/${member.id}/role`, { role: 'user' }, admin);
    expect(demoted.statusCode).toBe(200);
    expect(await profileOf(member.id)).toMatchObject({ role: 'user', is_admin: false });
    expect(await db().select().from(adminRoles).where(eq(adminRoles.user_id, member.id))).toEqual([]);
    expect((await get(t.app, '/api/admin/audit-logs', member)).statusCode).toBe(403);

    const own = await patch(`/api/admin/users/${admin.id}/role`, { role: 'user' }, admin);
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).message).toBe(ADMIN_MESSAGES.cannotChangeOwnRole);
    expect(
      (await patch(`/api/admin/users/${member.id}/role`, { role: 'super_admin' }, admin)).statusCode,
    ).toBe(400);

    const audit = await auditFor(member.id);
    expect(audit.map((a) => [a.action, a.severity, a.new_data?.role])).toEqual([
      ['user.role', 'high', 'moderator'],
      ['user.role', 'high', 'user'],
    ]);
  });

  it('lists active sessions and terminates one, audited', async () => {
    const support = await signedInMember(t.app, db(), 'support');
    const member = await signedInMember(t.app, db());
    const list = AdminSessionListDto.parse(
      (await get(t.app, '/api/admin/sessions?pageSize=100', support)).json(),
    );
    const mine = list.sessions.find((s) => s.user_id === member.id);
    expect(mine).toMatchObject({ username: member.username, email: member.email, ip_address: member.ip });
    if (!mine) throw new Error('no session');

    const ended = await del(t.app, `/api/admin/sessions/${mine.id}`, support);
    expect(ended.statusCode).toBe(200);
    expect((await get(t.app, '/api/admin/access', member)).statusCode).toBe(401);
    expect((await del(t.app, `/api/admin/sessions/${mine.id}`, support)).statusCode).toBe(404);
    const audit = await auditFor(mine.id);
    expect(audit.map((a) => [a.action, a.user_id, a.old_data?.user_id])).toEqual([
      ['session.terminate', support.id, member.id],
    ]);
  });
});

describe('settings', () => {
  it('reads and saves the settings, audited, and serves the site notice publicly', async () => {
    const admin = await signedInMember(t.app, db(), 'admin');
    const initial = AdminSettingsDto.parse((await get(t.app, '/api/admin/settings', admin)).json());
    expect(initial).toMatchObject({
      listings_require_approval: false,
      signups_open: true,
      site_notice: null,
    });
    expect(SiteNoticeDto.parse((await get(t.app, '/api/site-notice', guest())).json())).toEqual({
      notice: null,
      listings_require_approval: false,
    });

    const saved = await put(
      t.app,
      '/api/admin/settings',
      { site_notice: 'Maintenance Sunday 2am', signups_open: false },
      admin,
    );
    expect(saved.statusCode).toBe(200);
    expect(AdminSettingsDto.parse(saved.json())).toMatchObject({
      signups_open: false,
      site_notice: 'Maintenance Sunday 2am',
    });
    expect((await get(t.app, '/api/site-notice', guest())).json()).toEqual({
      notice: 'Maintenance Sunday 2am',
      listings_require_approval: false,
    });

    expect(
      (await put(t.app, '/api/admin/settings', { site_notice: 'x'.repeat(301) }, admin)).statusCode,
    ).toBe(400);
    expect((await put(t.app, '/api/admin/settings', { colour: 'red' }, admin)).statusCode).toBe(400);
    const cleared = await put(t.app, '/api/admin/settings', { site_notice: '', signups_open: true }, admin);
    expect(AdminSettingsDto.parse(cleared.json()).site_notice).toBeNull();

    const audit = await auditFor('1');
    expect(audit.map((a) => [a.action, a.severity, a.user_id, a.new_data?.site_notice])).toEqual([
      ['settings.update', 'medium', admin.id, 'Maintenance Sunday 2am'],
      ['settings.update', 'medium', admin.id, null],
    ]);
  });
});

describe('audit log', () => {
  it('pages 10 at a time, newest first, filtered by severity, action and actor, with the actor name', async () => {
    const moderator = await signedInMember(t.app, db(), 'moderator');
    const actor = await buildUser(db(), { adminRole: 'admin' });
    const base = Date.now() - 60 * 60 * 1000;
    await db()
      .insert(auditLogs)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          user_id: actor.id,
          action: i % 3 === 0 ? 'listing.approve' : 'post.hide',
          entity_type: 'test',
          entity_id: `entry-${i}`,
          severity: i % 2 === 0 ? 'high' : 'low',
          created_at: new Date(base + i * 1000),
        })),
      );
    const page1 = AuditLogListDto.parse(
      (await get(t.app, `/api/admin/audit-logs?actor_id=${actor.id}`, moderator)).json(),
    );
    expect(page1.total).toBe(12);
    expect(page1.logs).toHaveLength(10);
    expect(page1.logs[0]).toMatchObject({
      entity_id: 'entry-11',
      actor_username: actor.username,
      actor_id: actor.id,
    });
    const page2 = AuditLogListDto.parse(
      (await get(t.app, `/api/admin/audit-logs?actor_id=${actor.id}&page=2`, moderator)).json(),
    );
    expect(page2.logs.map((l) => l.entity_id)).toEqual(['entry-1', 'entry-0']);

    const high = AuditLogListDto.parse(
      (await get(t.app, `/api/admin/audit-logs?actor_id=${actor.id}&severity=high`, moderator)).json(),
    );
    expect(high.total).toBe(6);
    expect(high.logs.every((l) => l.severity === 'high')).toBe(true);
    const approvals = AuditLogListDto.parse(
      (
        await get(t.app, `/api/admin/audit-logs?actor_id=${actor.id}&action=listing.approve`, moderator)
      ).json(),
    );
    expect(approvals.logs.map((l) => l.entity_id)).toEqual(['entry-9', 'entry-6', 'entry-3', 'entry-0']);
    expect((await get(t.app, '/api/admin/audit-logs?severity=urgent', moderator)).statusCode).toBe(400);
  });
});

describe('analytics', () => {
  it('counts new members, listings, sales, messages and posts per day of a month', async () => {
    const admin = await signedInMember(t.app, db(), 'support');
    const a = await buildUser(db());
    const b = await buildUser(db());
    const at = (iso: string) => new Date(iso);
    await db()
      .update(profiles)
      .set({ created_at: at('2021-03-02T10:00:00Z') })
      .where(eq(profiles.id, a.id));
    await db()
      .update(profiles)
      .set({ created_at: at('2021-03-31T23:30:00Z') })
      .where(eq(profiles.id, b.id));
    await buildListing(db(), a.id, { created_at: at('2021-03-02T11:00:00Z') });
    await buildListing(db(), a.id, {
      created_at: at('2021-03-05T09:00:00Z'),
      sold: true,
      sold_at: at('2021-03-20T09:00:00Z'),
    });
    await buildListing(db(), a.id, { created_at: at('2021-04-01T00:00:00Z') });
    await buildMessage(db(), a.id, b.id, {
      content: 'Still for sale?',
      created_at: at('2021-03-20T08:00:00Z'),
    });
    await buildMessage(db(), b.id, a.id, { content: 'Yes', created_at: at('2021-03-20T08:05:00Z') });
    await buildPost(db(), b.id, {
      title: 'Ice out',
      content: 'The lake is open.',
      category: 'Fishing Reports',
      created_at: at('2021-03-31T12:00:00Z'),
    });

    const response = await get(t.app, '/api/admin/analytics?time_range=30d&month=2021-03', admin);
    expect(response.statusCode).toBe(200);
    const analytics = AnalyticsDto.parse(response.json());
    expect(analytics).toMatchObject({
      granularity: 'day',
      from: '2021-03-01',
      to: '2021-03-31',
      month: '2021-03',
    });
    expect(analytics.series).toHaveLength(31);
    expect(analytics.totals).toEqual({ members: 2, listings: 2, sales: 1, messages: 2, posts: 1 });
    const day = (d: string) => analytics.series.find((p) => p.period === d);
    expect(day('2021-03-02')).toEqual({
      period: '2021-03-02',
      members: 1,
      listings: 1,
      sales: 0,
      messages: 0,
      posts: 0,
    });
    expect(day('2021-03-20')).toMatchObject({ sales: 1, messages: 2 });
    expect(day('2021-03-31')).toMatchObject({ members: 1, posts: 1 });

    const year = AnalyticsDto.parse((await get(t.app, '/api/admin/analytics?time_range=12m', admin)).json());
    expect(year.granularity).toBe('month');
    expect(year.series).toHaveLength(12);
    expect(year.series.at(-1)?.period).toBe(new Date().toISOString().slice(0, 7));
    const week = AnalyticsDto.parse((await get(t.app, '/api/admin/analytics?time_range=7d', admin)).json());
    expect(week.series).toHaveLength(7);
    expect(week.series.at(-1)?.period).toBe(new Date().toISOString().slice(0, 10));
    expect(week.totals.members).toBeGreaterThanOrEqual(1);

    expect((await get(t.app, '/api/admin/analytics?month=2021-13', admin)).statusCode).toBe(400);
    const moderator = await signedInMember(t.app, db(), 'moderator');
    const denied = await get(t.app, '/api/admin/analytics', moderator);
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied).message).toBe('Access denied: Insufficient permissions');
  });
});
