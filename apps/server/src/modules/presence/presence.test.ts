import { describe, expect, it } from 'vitest';
import { PresenceListDto, REALTIME_CLOSE } from '@castline/shared';
import { useTestApp } from '../../../test/test-app.js';
import { get, post, signedInMember } from '../../../test/factories.js';
import { listen, openSocket, refusedUpgrade } from '../../../test/realtime-client.js';

const t = useTestApp();
let base: string | undefined;
async function baseUrl(): Promise<string> {
  base ??= await listen(t.app);
  return base;
}

describe('/api/realtime', () => {
  it('refuses an upgrade without a session (401) and from another site (403)', async () => {
    const url = await baseUrl();
    expect(await refusedUpgrade(url, {})).toBe(401);
    const member = await signedInMember(t.app, t.database.db);
    expect(await refusedUpgrade(url, { cookie: member.cookie, origin: 'https://evil.example' })).toBe(403);
  });

  it('answers pings and refuses frames it does not know', async () => {
    const member = await signedInMember(t.app, t.database.db);
    const socket = await openSocket(await baseUrl(), member.cookie, { origin: 'http://localhost:3000' });
    socket.send({ type: 'ping' });
    expect((await socket.next('pong')).at).toMatch(/^\d{4}-/);
    socket.send({ type: 'shout', text: 'hi' });
    expect(await socket.next('error')).toMatchObject({ code: 'BAD_FRAME' });
    socket.socket.send('not json');
    await expect.poll(() => socket.events.filter((e) => e.type === 'error').length).toBe(2);
    await socket.close();
  });

  it('shows a member online, away and then offline with their last-seen time to a watcher', async () => {
    const watcher = await signedInMember(t.app, t.database.db);
    const member = await signedInMember(t.app, t.database.db);
    const url = await baseUrl();
    const watching = await openSocket(url, watcher.cookie);
    watching.send({ type: 'presence.watch', user_ids: [member.id] });
    expect(await watching.next('presence')).toMatchObject({
      presence: { user_id: member.id, status: 'offline', online_at: null },
    });

    const memberSocket = await openSocket(url, member.cookie);
    const online = await watching.next('presence', (e) => e.presence.status === 'online');
    expect(online.presence.online_at).not.toBeNull();
    const polled = await get(t.app, `/api/presence?ids=${member.id}`, watcher);
    expect(PresenceListDto.parse(polled.json()).items).toEqual([
      expect.objectContaining({ user_id: member.id, status: 'online' }),
    ]);

    watching.events.length = 0;
    memberSocket.send({ type: 'presence.status', status: 'away' });
    await watching.next('presence', (e) => e.presence.status === 'away');

    await memberSocket.close();
    const offline = await watching.next('presence', (e) => e.presence.status === 'offline');
    expect(Date.now() - new Date(offline.presence.last_seen_at!).getTime()).toBeLessThan(60_000);
    // Only the presence payload travels: no drafts, typing or titles.
    expect(Object.keys(offline.presence).sort()).toEqual(['last_seen_at', 'online_at', 'status', 'user_id']);
    await watching.close();
  });

  it('passes typing flags to the other member only', async () => {
    const a = await signedInMember(t.app, t.database.db);
    const b = await signedInMember(t.app, t.database.db);
    const url = await baseUrl();
    const socketA = await openSocket(url, a.cookie);
    const socketB = await openSocket(url, b.cookie);
    socketA.send({ type: 'typing', recipient_id: b.id, typing: true });
    expect(await socketB.next('typing')).toEqual({ type: 'typing', user_id: a.id, typing: true });
    expect(socketA.events.some((e) => e.type === 'typing')).toBe(false);
    await socketA.close();
    await socketB.close();
  });

  it('rejects a presence query that is not a list of member ids', async () => {
    const member = await signedInMember(t.app, t.database.db);
    expect((await get(t.app, '/api/presence?ids=nope', member)).statusCode).toBe(400);
  });

  it("signs a banned member's open pages out at once: they hear why, then the socket closes", async () => {
    const admin = await signedInMember(t.app, t.database.db, 'admin');
    const member = await signedInMember(t.app, t.database.db);
    const bystander = await signedInMember(t.app, t.database.db);
    const url = await baseUrl();
    const memberSocket = await openSocket(url, member.cookie);
    const bystanderSocket = await openSocket(url, bystander.cookie);
    const closed = new Promise<number>((resolve) =>
      memberSocket.socket.once('close', (code) => resolve(code)),
    );

    const banned = await post(
      t.app,
      `/api/admin/users/${member.id}/ban`,
      { reason: 'Spam listings', ban_end: '2099-03-01T00:00:00Z' },
      admin,
    );
    expect(banned.statusCode).toBe(200);
    expect(await memberSocket.next('session.ended')).toEqual({
      type: 'session.ended',
      message: 'Your account is banned until 1 Mar 2099: Spam listings',
    });
    expect(await closed).toBe(REALTIME_CLOSE.sessionEnded);
    // Nobody else hears it, and a new socket for the banned member is refused.
    bystanderSocket.send({ type: 'ping' });
    await bystanderSocket.next('pong');
    expect(bystanderSocket.events.some((e) => e.type === 'session.ended')).toBe(false);
    expect(await refusedUpgrade(url, { cookie: member.cookie })).toBe(401);
    await bystanderSocket.close();
  });
});
