import { describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES, AUTH_MESSAGES, CaptainsClubDto } from '@castline/shared';
import { useTestApp } from '../../../test/test-app.js';
import { buildUser, errorOf, get, signIn, signedInMember, type BuiltUser } from '../../../test/factories.js';

// This file's database is a fresh copy of the migrated template: the members below are all of them.
const t = useTestApp();

describe('GET /api/captains-club', () => {
  it('needs a session', async () => {
    const response = await get(t.app, '/api/captains-club');
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toEqual({ code: 'UNAUTHENTICATED', message: AUTH_MESSAGES.notAuthenticated });
  });

  it('is open to captains only', async () => {
    const member = await buildUser(t.database.db, { profile: { is_captain: false } });
    const response = await get(t.app, '/api/captains-club', {
      cookie: await signIn(t.app, member.email, member.password),
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({ code: 'FORBIDDEN', message: ACCESS_MESSAGES.captainsOnly });
  });

  it('is closed to a banned captain', async () => {
    const captain = await signedInMember(t.app, t.database.db, { profile: { status: 'banned' } });
    const response = await get(t.app, '/api/captains-club', captain);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe(ACCESS_MESSAGES.captainsOnly);
  });

  it('counts the active captains and lists the ten newest, newest first', async () => {
    const db = t.database.db;
    // Earlier tests in this file left a non-captain and a banned captain: neither counts.
    const captains: BuiltUser[] = [];
    for (let i = 0; i < 12; i += 1) {
      const captain = await buildUser(db, {
        profile: {
          created_at: new Date(Date.UTC(2024, 0, 1 + i)),
          title: `Captain ${i}`,
          location: 'Lake Taupo',
        },
      });
      captains.push(captain);
    }
    await buildUser(db, { profile: { status: 'pending', created_at: new Date('2025-01-01T00:00:00Z') } });
    await buildUser(db, { profile: { is_captain: false, created_at: new Date('2025-01-02T00:00:00Z') } });

    const viewer = captains[0]!;
    const response = await get(t.app, '/api/captains-club', {
      cookie: await signIn(t.app, viewer.email, viewer.password),
    });
    expect(response.statusCode).toBe(200);
    const club = CaptainsClubDto.parse(response.json());
    expect(club.captains_count).toBe(12);
    expect(club.newest_captains.map((c) => c.id)).toEqual(
      captains
        .slice(2)
        .reverse()
        .map((c) => c.id),
    );
    expect(club.newest_captains[0]).toEqual({
      id: captains[11]!.id,
      username: captains[11]!.username,
      avatar_url: null,
      title: 'Captain 11',
      location: 'Lake Taupo',
      created_at: '2024-01-12T00:00:00.000Z',
    });
  });
});
