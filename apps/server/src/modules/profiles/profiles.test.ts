import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  BlockedMembersDto,
  MemberSearchDto,
  MESSAGING_MESSAGES,
  PublicProfileDto,
  SETTINGS_MESSAGES as S,
} from '@castline/shared';
import { profiles } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildListing,
  buildUser,
  errorOf,
  get,
  guest,
  post,
  signedInMember,
  signIn,
  uniqueSuffix,
  type Caller,
  type Member,
} from '../../../test/factories.js';
import { listen, openSocket } from '../../../test/realtime-client.js';
import { solidPng } from '../../platform/images/testing/image-fixtures.js';
import { uploadImage } from '../images/testing/upload-requests.js';

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
    const member = await buildUser(t.database.db, {
      profile: {
        bio: 'Fly fishing on the Test.',
        title: 'River guide',
        location: 'Hampshire',
        seller_rating: 4.75,
        sales_count: 3,
        blocked_users: [UNKNOWN_ID],
      },
    });

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
    const profileRoleOnly = await buildUser(t.database.db, { profile: { role: 'support' } });

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

function patchMe(caller: Caller, payload: unknown) {
  return t.app.inject({
    method: 'PATCH',
    url: '/api/profiles/me',
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress: caller.ip ?? '127.0.0.1',
    headers: caller.cookie ? { cookie: caller.cookie } : {},
  });
}

async function member(): Promise<Member> {
  return signedInMember(t.app, t.database.db);
}

/** Uploads an avatar as `caller` (POST /api/uploads/avatars) and answers its URL. */
async function uploadAvatar(caller: Member): Promise<string> {
  const response = await uploadImage(
    t.app,
    'avatars',
    { filename: 'me.png', type: 'image/png', data: await solidPng(64, 64) },
    caller,
  );
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { url: string }).url;
}

async function profileOf(viewer: Caller, id: string) {
  const response = await get(t.app, `/api/profiles/${id}`, viewer);
  expect(response.statusCode, response.body).toBe(200);
  return PublicProfileDto.parse(response.json());
}

describe('profile stats', () => {
  it('counts listings on the marketplace, rated sales, likes received and whether the viewer blocked them', async () => {
    const seller = await buildUser(t.database.db, { profile: { likes_count: 7 } });
    const [buyer, viewer] = [await member(), await member()];
    await buildListing(t.database.db, seller.id);
    await buildListing(t.database.db, seller.id);
    await buildListing(t.database.db, seller.id, { deleted: true });
    await buildListing(t.database.db, seller.id, { moderation_status: 'hidden' });
    await buildListing(t.database.db, seller.id, {
      sold: true,
      sold_at: new Date(),
      buyer_id: buyer.id,
      transaction_rating: 4,
    });
    await buildListing(t.database.db, seller.id, { sold: true, sold_at: new Date(), buyer_id: buyer.id });

    expect(await profileOf(viewer, seller.id)).toMatchObject({
      active_listings_count: 2,
      ratings_count: 1,
      likes_received: 7,
      blocked_by_me: false,
      deleted: false,
    });

    expect((await post(t.app, `/api/profiles/${seller.id}/block`, undefined, viewer)).json()).toEqual({
      blocked: true,
    });
    expect((await profileOf(viewer, seller.id)).blocked_by_me).toBe(true);
    expect((await profileOf(buyer, seller.id)).blocked_by_me).toBe(false);
  });
});

describe('PATCH /api/profiles/me', () => {
  it('needs a session before it reads the body', async () => {
    const response = await patchMe(guest(), { bio: 'x'.repeat(501) });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).message).toBe(AUTH_MESSAGES.notAuthenticated);
  });

  it('saves the fields, places a typed location and tells every connected member', async () => {
    const [me, watcher] = [await member(), await member()];
    const socket = await openSocket(await listen(t.app), watcher.cookie);

    const avatar = await uploadAvatar(me);
    const response = await patchMe(me, {
      full_name: '  Ada Fisher ',
      title: 'River guide',
      bio: 'Fly fishing on the Colorado.',
      location: 'Austin, TX',
      avatar_url: avatar,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(PublicProfileDto.parse(response.json())).toMatchObject({
      id: me.id,
      username: me.username,
      full_name: 'Ada Fisher',
      title: 'River guide',
      bio: 'Fly fishing on the Colorado.',
      location: 'Austin, TX',
      avatar_url: avatar,
    });
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, me.id));
    expect(row!.location_lat).toBeCloseTo(30.27, 1);
    expect(row!.location_lng).toBeCloseTo(-97.74, 1);
    const event = await socket.next('content.changed', (e) => e.user_id === me.id);
    expect(event).toEqual({ type: 'content.changed', entity: 'profile', post_id: null, user_id: me.id });
    await socket.close();

    // Coordinates from a suggestion are kept as sent; absent fields stay; null and blank clear.
    const again = await patchMe(me, {
      location: 'Lake Travis',
      location_lat: 30.4,
      location_lng: -97.9,
      bio: '   ',
      avatar_url: null,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      full_name: 'Ada Fisher',
      title: 'River guide',
      bio: null,
      avatar_url: null,
      location: 'Lake Travis',
    });
    const [moved] = await t.database.db.select().from(profiles).where(eq(profiles.id, me.id));
    expect([moved!.location_lat, moved!.location_lng]).toEqual([30.4, -97.9]);

    const cleared = await patchMe(me, { location: null });
    expect(cleared.json().location).toBeNull();
    const [gone] = await t.database.db.select().from(profiles).where(eq(profiles.id, me.id));
    expect([gone!.location_lat, gone!.location_lng]).toEqual([null, null]);
  });

  it('answers clear texts for bad input and changes nothing', async () => {
    const me = await member();
    const cases: [unknown, string, string][] = [
      [{ bio: 'x'.repeat(501) }, 'bio', S.bioTooLong],
      [{ full_name: 'x'.repeat(101) }, 'full_name', S.fullNameTooLong],
      [{ title: 'x'.repeat(81) }, 'title', S.titleTooLong],
      [{ location: 'x'.repeat(201) }, 'location', S.locationTooLong],
      [{ avatar_url: 'https://evil.example/a.png' }, 'avatar_url', S.avatarInvalid],
      [{ avatar_url: '/files/product-images/a.webp' }, 'avatar_url', S.avatarInvalid],
      [{ avatar_url: '/files/avatars/../secret' }, 'avatar_url', S.avatarInvalid],
      [{ location: 'Austin', location_lat: 30 }, 'location_lat', S.locationCoordinatesInvalid],
      [
        { location: 'Austin', location_lat: 91, location_lng: 0 },
        'location_lat',
        S.locationCoordinatesInvalid,
      ],
      [{ bio: 42 }, 'bio', S.bioTooLong],
    ];
    for (const [payload, path, message] of cases) {
      const response = await patchMe(me, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response).message).toBe(message);
      expect(errorOf(response).issues?.[0]?.path).toBe(path);
    }
    const profile = await profileOf(me, me.id);
    expect([profile.bio, profile.full_name, profile.title, profile.location, profile.avatar_url]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('PATCH /api/profiles/me: display names and avatars', () => {
  it('refuses invisible, control and look-alike characters in full_name and title, naming the field', async () => {
    const me = await member();
    const cases: [unknown, string, string][] = [
      [{ full_name: 'Ada\u202EreisiF' }, 'full_name', S.fullNameHiddenCharacters],
      [{ full_name: 'Ada\u200BFisher' }, 'full_name', S.fullNameHiddenCharacters],
      [{ full_name: '\uFEFFAda' }, 'full_name', S.fullNameHiddenCharacters],
      [{ full_name: 'Ada\u0007' }, 'full_name', S.fullNameHiddenCharacters],
      [{ full_name: 'P\u0430ul Smith' }, 'full_name', S.fullNameMixedScripts],
      [{ title: 'River\u2066 guide' }, 'title', S.titleHiddenCharacters],
      [{ title: 'Ad\u200Dmin' }, 'title', S.titleHiddenCharacters],
      [{ title: 'Moder\u0430tor' }, 'title', S.titleMixedScripts],
    ];
    for (const [payload, path, message] of cases) {
      const response = await patchMe(me, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'VALIDATION_FAILED', message, issues: [{ path, message }] });
    }
    const untouched = await profileOf(me, me.id);
    expect([untouched.full_name, untouched.title]).toEqual([null, null]);

    const ok = await patchMe(me, { full_name: "José O'Brien-Núñez", title: 'Гид по Волге & fly guide' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ full_name: "José O'Brien-Núñez", title: 'Гид по Волге & fly guide' });
  });

  it("refuses another member's uploaded file as an avatar; your own uploads and your current avatar are fine", async () => {
    const [me, other] = [await member(), await member()];
    const theirs = await uploadAvatar(other);
    const taken = await patchMe(me, { avatar_url: theirs });
    expect(taken.statusCode, taken.body).toBe(403);
    expect(errorOf(taken)).toEqual({ code: 'FORBIDDEN', message: S.avatarNotYours });
    // A demo member's avatar (the seed stores avatars/<member id>.svg) is theirs alone too.
    const seeded = await patchMe(me, { avatar_url: `/files/avatars/${other.id}.svg` });
    expect(seeded.statusCode, seeded.body).toBe(403);
    // A file named by no one's upload (a guessed name) is not the caller's either.
    const guessed = await patchMe(me, { avatar_url: '/files/avatars/ada-256.webp' });
    expect(guessed.statusCode, guessed.body).toBe(403);
    expect((await profileOf(me, me.id)).avatar_url).toBeNull();

    const mine = await uploadAvatar(me);
    const saved = await patchMe(me, { avatar_url: mine });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().avatar_url).toBe(mine);

    // The other member keeps theirs, and anyone may send their current avatar back unchanged (the
    // profile form sends every field), even one set before uploads carried their owner.
    expect((await patchMe(other, { avatar_url: theirs })).statusCode).toBe(200);
    await t.database.db
      .update(profiles)
      .set({ avatar_url: '/files/avatars/1700000000000-0123456789abcdef.webp' })
      .where(eq(profiles.id, other.id));
    const unchanged = await patchMe(other, {
      full_name: 'Pat Other',
      avatar_url: '/files/avatars/1700000000000-0123456789abcdef.webp',
    });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json()).toMatchObject({ full_name: 'Pat Other' });
    expect((await patchMe(other, { avatar_url: null })).statusCode).toBe(200);
  });
});

describe('blocking', () => {
  it('toggles the block, lists blocked members and stops their messages', async () => {
    const me = await member();
    const pest = await signedInMember(t.app, t.database.db, { profile: { full_name: 'Pesky Pete' } });
    const other = await member();

    const blocked = await post(t.app, `/api/profiles/${pest.id}/block`, undefined, me);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toEqual({ blocked: true });
    await post(t.app, `/api/profiles/${other.id}/block`, undefined, me);

    const list = await get(t.app, '/api/me/blocked', me);
    expect(list.statusCode).toBe(200);
    const items = BlockedMembersDto.parse(list.json()).items;
    expect(items.map((m) => m.id).sort()).toEqual([pest.id, other.id].sort());
    expect(items.find((m) => m.id === pest.id)).toEqual({
      id: pest.id,
      username: pest.username,
      full_name: 'Pesky Pete',
      avatar_url: null,
    });

    // Neither direction of the conversation gets through.
    const fromPest = await post(t.app, '/api/messages', { recipient_id: me.id, content: 'Hello?' }, pest);
    expect(fromPest.statusCode).toBe(403);
    expect(errorOf(fromPest).message).toBe(MESSAGING_MESSAGES.blockedByThem);
    const toPest = await post(t.app, '/api/messages', { recipient_id: pest.id, content: 'Hi' }, me);
    expect(toPest.statusCode).toBe(403);
    expect(errorOf(toPest).message).toBe(MESSAGING_MESSAGES.blockedByYou);

    const unblocked = await post(t.app, `/api/profiles/${pest.id}/block`, undefined, me);
    expect(unblocked.json()).toEqual({ blocked: false });
    expect(BlockedMembersDto.parse((await get(t.app, '/api/me/blocked', me)).json()).items).toEqual([
      expect.objectContaining({ id: other.id }),
    ]);
    const afterUnblock = await post(t.app, '/api/messages', { recipient_id: me.id, content: 'Sorry!' }, pest);
    expect(afterUnblock.statusCode, afterUnblock.body).toBe(201);
  });

  it('keeps the list exact under concurrent toggles', async () => {
    const me = await member();
    const targets = await Promise.all(Array.from({ length: 6 }, () => buildUser(t.database.db)));
    const results = await Promise.all(
      targets.map((target) => post(t.app, `/api/profiles/${target.id}/block`, undefined, me)),
    );
    expect(results.every((r) => r.statusCode === 200 && r.json().blocked === true)).toBe(true);
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, me.id));
    expect([...row!.blocked_users].sort()).toEqual(targets.map((u) => u.id).sort());
  });

  it('refuses yourself, unknown and malformed ids, and guests', async () => {
    const me = await member();
    const self = await post(t.app, `/api/profiles/${me.id}/block`, undefined, me);
    expect(self.statusCode).toBe(400);
    expect(errorOf(self).message).toBe(S.cannotBlockSelf);
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      const response = await post(t.app, `/api/profiles/${id}/block`, undefined, me);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe(AUTH_MESSAGES.profileNotFound);
    }
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, me.id));
    expect(row!.blocked_users).toEqual([]);
    expect((await post(t.app, `/api/profiles/${me.id}/block`, undefined, guest())).statusCode).toBe(401);
    expect((await get(t.app, '/api/me/blocked', guest())).statusCode).toBe(401);
  });
});

describe('GET /api/profiles/search', () => {
  async function search(viewer: Caller, q: string) {
    const response = await get(t.app, `/api/profiles/search?q=${encodeURIComponent(q)}`, viewer);
    expect(response.statusCode, response.body).toBe(200);
    return MemberSearchDto.parse(response.json()).items;
  }

  it('finds members by username or full name, best match first, never the caller or deleted accounts', async () => {
    const tag = uniqueSuffix().slice(0, 6);
    const me = await signedInMember(t.app, t.database.db, { username: `walleye${tag}me` });
    const exact = await buildUser(t.database.db, { username: `walleye${tag}` });
    const prefixed = await buildUser(t.database.db, { username: `walleye${tag}zz` });
    const byName = await buildUser(t.database.db, { profile: { full_name: `Big Walleye${tag} Hunter` } });
    await buildUser(t.database.db, { username: `walleye${tag}gone`, profile: { deleted_at: new Date() } });

    const found = await search(me, `WALLEYE${tag}`);
    expect(found.map((m) => m.id)).toEqual([exact.id, prefixed.id, byName.id]);
    expect(found[0]).toEqual({ id: exact.id, username: exact.username, full_name: null, avatar_url: null });
  });

  it('returns at most 10 and takes wildcards literally', async () => {
    const tag = uniqueSuffix().slice(0, 6);
    const viewer = await member();
    for (let i = 0; i < 12; i += 1) await buildUser(t.database.db, { username: `pike${tag}${i}` });
    expect(await search(viewer, `pike${tag}`)).toHaveLength(10);

    const literal = await buildUser(t.database.db, { username: `a_b${tag}` });
    await buildUser(t.database.db, { username: `axb${tag}` });
    expect((await search(viewer, `a_b${tag}`)).map((m) => m.id)).toEqual([literal.id]);
    expect(await search(viewer, `%${tag}`)).toEqual([]);
  });

  it('needs a session and 1 to 50 characters', async () => {
    const viewer = await member();
    expect((await get(t.app, '/api/profiles/search?q=bass', guest())).statusCode).toBe(401);
    for (const [url, message] of [
      ['/api/profiles/search', S.searchQueryRequired],
      ['/api/profiles/search?q=%20%20', S.searchQueryRequired],
      [`/api/profiles/search?q=${'x'.repeat(51)}`, S.searchQueryTooLong],
    ] as const) {
      const response = await get(t.app, url, viewer);
      expect(response.statusCode, url).toBe(400);
      expect(errorOf(response).message).toBe(message);
    }
  });
});
