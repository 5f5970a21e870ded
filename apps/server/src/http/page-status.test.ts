import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '@castline/shared';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  buildListing,
  buildUser,
  get,
  signedInMember,
  signIn,
  uniqueIp,
  type Caller,
} from '../../test/factories.js';
import { writePost } from '../modules/forum/forum.test-helpers.js';

/*
 * The page a browser opens answers 404 when the web app has no such page, or when the listing or
 * post it names does not exist for the caller; the body is still the app, which draws its
 * not-found page. Here the web build has no server entry, so guests get the shell as members do
 * (page-prerender.test.ts covers the rendered pages).
 */
let t: TestApp;
beforeAll(async () => {
  const web = await mkdtemp(path.join(tmpdir(), 'castline-pages-'));
  await writeFile(
    path.join(web, 'index.html'),
    '<!doctype html><title>Castline</title><div id="root"></div>',
  );
  t = await createTestApp({ env: { WEB_DIST_DIR: web } });
});
afterAll(async () => {
  await t.close();
});

const UNKNOWN_ID = '3f1c7a52-9b0e-4d7a-8c1e-5b2a9d6e4f10';

async function statusOf(url: string, caller: Caller = {}): Promise<number> {
  const response = await get(t.app, url, { ip: uniqueIp(), ...caller });
  expect(response.headers['content-type'], url).toContain('text/html');
  expect(response.body, url).toContain('<div id="root">');
  return response.statusCode;
}

describe('page statuses', () => {
  it('answers 404 for paths the web app has no page for, and 200 for each page it has', async () => {
    for (const url of [
      '/no-such-page',
      '/marketplace/abc/def',
      '/forum/post',
      '/admin/nope',
      '/profile/a/b',
    ]) {
      expect(await statusOf(url), url).toBe(404);
    }
    for (const url of [
      '/',
      '/marketplace',
      '/marketplace/',
      '/Forum',
      '/early-access-info',
      '/auth/login',
      '/auth',
      '/reset-password/some-token',
      '/marketplace/new',
      `/marketplace/${UNKNOWN_ID}/edit`,
      '/profile/someone',
      '/messages/someone',
      '/admin',
      '/admin/users/someone',
      '/admin/moderation/listings',
      '/captains-club',
      '/dev/icons',
    ]) {
      expect(await statusOf(url), url).toBe(200);
    }
    // Every page of the shared route list answers 200 (ids filled with something that exists).
    const seller = await buildUser(t.database.db);
    const listing = await buildListing(t.database.db, seller.id);
    const author = await signedInMember(t.app, t.database.db);
    const written = await writePost(t, author);
    for (const pattern of Object.values(PAGE_PATHS)) {
      const url = pattern
        .replace(/^\/marketplace\/:id/, `/marketplace/${listing.id}`)
        .replace(':postId', written.id)
        .replace(/:id/, listing.id)
        .replace(/:\w+/g, 'someone')
        .replace('*', 'token');
      expect(await statusOf(url), url).toBe(200);
    }
  });

  it('answers 404 for a listing or post that is unknown, malformed or not visible to the caller, guest or member', async () => {
    const seller = await signedInMember(t.app, t.database.db);
    const stranger = await signedInMember(t.app, t.database.db);
    const moderator = await signedInMember(t.app, t.database.db, 'admin');
    const shown = await buildListing(t.database.db, seller.id);
    const pending = await buildListing(t.database.db, seller.id, {
      moderation_status: 'pending',
      visible_in_marketplace: false,
    });
    const deleted = await buildListing(t.database.db, seller.id, { deleted: true });
    const published = await writePost(t, seller, { title: 'A post everyone sees' });
    const hidden = await writePost(t, seller, { title: 'A post only its author sees' });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/forum/posts/${hidden.id}`,
      payload: { status: 'hidden' },
      headers: { cookie: moderator.cookie },
    });
    expect(patched.statusCode).toBe(200);

    const guest: Caller = {};
    for (const caller of [guest, stranger]) {
      for (const base of ['/marketplace', '/product']) {
        expect(await statusOf(`${base}/${shown.id}`, caller)).toBe(200);
        expect(await statusOf(`${base}/${UNKNOWN_ID}`, caller)).toBe(404);
        expect(await statusOf(`${base}/not-a-uuid`, caller)).toBe(404);
        expect(await statusOf(`${base}/${pending.id}`, caller)).toBe(404);
        expect(await statusOf(`${base}/${deleted.id}`, caller)).toBe(404);
      }
      expect(await statusOf(`/forum/post/${published.id}`, caller)).toBe(200);
      expect(await statusOf(`/forum/post/${UNKNOWN_ID}`, caller)).toBe(404);
      expect(await statusOf('/forum/post/42', caller)).toBe(404);
      expect(await statusOf(`/forum/post/${hidden.id}`, caller)).toBe(404);
    }
    // What the API shows the caller, the page shows: the seller their pending listing, the
    // author and staff the hidden post.
    expect(await statusOf(`/marketplace/${pending.id}`, seller)).toBe(200);
    expect(await statusOf(`/marketplace/${deleted.id}`, seller)).toBe(404);
    expect(await statusOf(`/forum/post/${hidden.id}`, seller)).toBe(200);
    expect(await statusOf(`/forum/post/${hidden.id}`, moderator)).toBe(200);
  });

  it('keeps answering 404 as JSON for API paths and missing files', async () => {
    const api = await get(t.app, '/api/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
    const file = await get(t.app, '/assets/gone-123.js');
    expect(file.statusCode).toBe(404);
    expect(file.headers['content-type']).toContain('application/json');
    const member = await buildUser(t.database.db);
    const cookie = await signIn(t.app, member.email, member.password);
    expect(await statusOf('/no-such-page', { cookie })).toBe(404);
  });
});
