import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { API_RATE_LIMIT } from '@castline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { products } from '../db/schema/index.js';
import {
  buildComment,
  buildListing,
  buildPost,
  buildUser,
  del,
  get,
  post,
  signIn,
  uniqueIp,
} from '../../test/factories.js';
import { jsonForHtml, splitHead, startAfterPaint } from './page-prerender.js';

/*
 * The real web app's server entry (apps/web/src/entry-server.tsx), built here with Vite into a
 * folder of this test's own, served by the real app over a real database.
 */
const webSource = path.resolve(import.meta.dirname, '../../../web');
const viteBin = path.resolve(webSource, '../../node_modules/vite/bin/vite.js');

let t: TestApp;
let cached: TestApp;
let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'castline-prerender-'));
  const webDist = path.join(workDir, 'web');
  await mkdir(webDist);
  await copyFile(path.join(webSource, 'index.html'), path.join(webDist, 'index.html'));
  const build = spawnSync(
    process.execPath,
    [viteBin, 'build', '--ssr', 'src/entry-server.tsx', '--outDir', `${webDist}-ssr`, '--logLevel', 'error'],
    { cwd: webSource, encoding: 'utf8' },
  );
  if (build.status !== 0) throw new Error(`the web app's server entry did not build: ${build.stderr}`);
  // These tests write straight to the database, which the page cache does not watch: every
  // visit here is rendered. The cache has its own tests below, on an app of their own.
  t = await createTestApp({ env: { WEB_DIST_DIR: webDist, PAGE_CACHE_SECONDS: '0' } });
  cached = await createTestApp({ env: { WEB_DIST_DIR: webDist, PAGE_CACHE_SECONDS: '1' } });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await cached?.close();
  await rm(workDir, { recursive: true, force: true });
});

function dataOf(html: string): { queryKey: unknown[]; data: unknown }[] {
  const json = /<script type="application\/json" id="cl-page-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('the page carries no data element');
  return JSON.parse(json) as { queryKey: unknown[]; data: unknown }[];
}

function rootOf(html: string): string {
  const start = html.indexOf('<div id="root"');
  const end = html.indexOf('<script type="application/json"');
  return html.slice(start, end === -1 ? undefined : end);
}

describe('public pages rendered on the server for guests', () => {
  it('sends the marketplace with its listings, its title and the data it was rendered from', async () => {
    const seller = await buildUser(t.database.db);
    const listing = await buildListing(t.database.db, seller.id, { title: 'Ugly Stik GX2 spinning rod' });

    const page = await get(t.app, '/marketplace', { ip: uniqueIp() });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<title>Marketplace · Castline</title>');
    // The page's markup: the listing's card, with its link and photo, inert until the app takes over.
    const root = rootOf(page.body);
    expect(root).toMatch(/^<div id="root" inert>/);
    expect(root).toContain('Ugly Stik GX2 spinning rod');
    expect(root).toContain(`href="/marketplace/${listing.id}`);
    // The lead photos are preloaded first in <head>; the app's code is asked for once the page is painted.
    expect(page.body.indexOf('rel="preload" as="image"')).toBeLessThan(page.body.indexOf('<script'));
    expect(page.body).toContain('<script src="/start.js" defer data-entry="/src/main.tsx"');
    expect(page.body).not.toContain('<script type="module"');

    const queries = dataOf(page.body);
    const session = queries.find((query) => query.queryKey[0] === 'auth');
    expect(session?.data).toEqual({ user: null, session: null });
    const list = queries.find((query) => query.queryKey[0] === 'listings');
    expect(JSON.stringify(list?.data)).toContain(listing.id);
  });

  it('sends a listing page with the listing, and no page for a listing guests may not see', async () => {
    const seller = await buildUser(t.database.db);
    const shown = await buildListing(t.database.db, seller.id, { title: 'Penn Battle III 4000 reel' });
    const pending = await buildListing(t.database.db, seller.id, {
      title: 'Awaiting review baitcaster',
      moderation_status: 'pending',
      visible_in_marketplace: false,
    });

    const page = await get(t.app, `/marketplace/${shown.id}`, { ip: uniqueIp() });
    expect(page.body).toContain('<title>Penn Battle III 4000 reel · Castline</title>');
    expect(rootOf(page.body)).toContain('Penn Battle III 4000 reel');

    const hidden = await get(t.app, `/marketplace/${pending.id}`, { ip: uniqueIp() });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toContain('<div id="root">');
    expect(hidden.body).not.toContain('Awaiting review baitcaster');
    expect(hidden.body).not.toContain('cl-page-data');
  });

  it("sends a topic with its Markdown drawn and its photos, though the gallery's code loads only for a topic with photos", async () => {
    const author = await buildUser(t.database.db);
    const topic = await buildPost(t.database.db, author.id, {
      title: 'Ice-out report from Leech Lake',
      content: 'Water was **stained**; see [the map](https://example.com/map).',
      images: ['/files/forum-images/leech-lake.webp'],
    });
    await buildComment(t.database.db, topic.id, author.id, { content: 'Update: *clearing* by noon.' });

    // The first topic with photos this server renders: the gallery's code is not loaded yet.
    const page = await get(t.app, `/forum/post/${topic.id}`, { ip: uniqueIp() });
    expect(page.statusCode).toBe(200);
    const root = rootOf(page.body);
    expect(root).toContain('Water was <strong>stained</strong>');
    expect(root).toContain('Update: <em>clearing</em> by noon.');
    expect(root).toMatch(/<section aria-label="Photos"[\s\S]*leech-lake/);
  });

  it('answers 404 with the app for unknown paths and for listings and posts that do not exist', async () => {
    for (const url of [
      '/no-such-page',
      '/marketplace/3f1c7a52-9b0e-4d7a-8c1e-5b2a9d6e4f10',
      '/product/not-an-id',
      '/forum/post/3f1c7a52-9b0e-4d7a-8c1e-5b2a9d6e4f10',
    ]) {
      const page = await get(t.app, url, { ip: uniqueIp() });
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type'], url).toContain('text/html');
      // The shell, on which the app draws its not-found page; nothing rendered, nothing kept.
      expect(page.body, url).toContain('<div id="root">');
      expect(page.body, url).not.toContain('cl-page-data');
      expect(page.headers['x-cache-status'], url).toBeUndefined();
    }
  });

  it('escapes what members wrote, in the markup and in the data', async () => {
    const seller = await buildUser(t.database.db);
    const title = '</script><script>alert(1)</script><!-- x';
    await buildListing(t.database.db, seller.id, { title });

    const page = await get(t.app, '/marketplace', { ip: uniqueIp() });
    expect(page.body).not.toContain('<script>alert(1)</script>');
    // The only script elements are index.html's own module script and the data element.
    expect(page.body.match(/<script\b/g)?.length).toBeLessThanOrEqual(2);
    const list = dataOf(page.body).find((query) => query.queryKey[0] === 'listings');
    expect(JSON.stringify(list?.data)).toContain(JSON.stringify(title).slice(1, -1));
  });

  it('compresses the page for a browser that accepts brotli', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/forum',
      remoteAddress: uniqueIp(),
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toContain('cookie');
    const html = brotliDecompressSync(page.rawPayload).toString();
    expect(html).toContain('<div id="root" inert>');
    expect(dataOf(html).some((query) => query.queryKey[0] === 'forum')).toBe(true);
  });

  it('sends the plain shell to signed-in members and for pages that need an account', async () => {
    const member = await buildUser(t.database.db);
    const cookie = await signIn(t.app, member.email, member.password);
    const signedIn = await get(t.app, '/marketplace', { cookie, ip: uniqueIp() });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain('<div id="root">');
    expect(signedIn.body).not.toContain('cl-page-data');

    for (const url of ['/marketplace/new', '/dashboard', '/messages', '/admin']) {
      const page = await get(t.app, url, { ip: uniqueIp() });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).not.toContain('cl-page-data');
    }
  });
});

describe("the cache of guests' pages", () => {
  it('sends the next guest the same page without rendering it again, and never caches a member', async () => {
    const seller = await buildUser(cached.database.db);
    const listing = await buildListing(cached.database.db, seller.id, {
      title: 'Daiwa BG 3000 spinning reel',
    });
    const url = `/marketplace/${listing.id}`;

    const first = await get(cached.app, url, { ip: uniqueIp() });
    expect(first.headers['x-cache-status']).toBe('MISS');
    expect(rootOf(first.body)).toContain('Daiwa BG 3000 spinning reel');
    const second = await get(cached.app, url, { ip: uniqueIp() });
    expect(second.headers['x-cache-status']).toBe('HIT');
    expect(second.body).toBe(first.body);
    // The same page compressed for a browser that accepts brotli.
    const brotli = await cached.app.inject({
      method: 'GET',
      url,
      remoteAddress: uniqueIp(),
      headers: { 'accept-encoding': 'br' },
    });
    expect(brotli.headers['x-cache-status']).toBe('HIT');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(first.body);

    const cookie = await signIn(cached.app, seller.email, seller.password);
    const member = await get(cached.app, url, { cookie, ip: uniqueIp() });
    expect(member.headers['x-cache-status']).toBeUndefined();
    expect(member.body).not.toContain('cl-page-data');
  });

  it('drops every page at a write through the instance, but not at a refused one', async () => {
    const seller = await buildUser(cached.database.db);
    const cookie = await signIn(cached.app, seller.email, seller.password);
    const listing = await buildListing(cached.database.db, seller.id, { title: 'Shimano Stradic FL 2500' });
    const url = `/marketplace/${listing.id}`;
    expect((await get(cached.app, url, { ip: uniqueIp() })).headers['x-cache-status']).toBe('MISS');
    await get(cached.app, '/forum', { ip: uniqueIp() });

    // A refused write (a guest may not delete a listing) changes nothing and keeps the page.
    expect((await del(cached.app, `/api/listings/${listing.id}`, { ip: uniqueIp() })).statusCode).toBe(401);
    expect((await get(cached.app, url, { ip: uniqueIp() })).headers['x-cache-status']).toBe('HIT');
    expect((await get(cached.app, '/forum', { ip: uniqueIp() })).headers['x-cache-status']).toBe('HIT');

    // The seller deletes it: the next guest is told so at once, not shown the stored page, and
    // every other stored page is dropped too.
    expect(
      (await del(cached.app, `/api/listings/${listing.id}`, { cookie, ip: uniqueIp() })).statusCode,
    ).toBe(204);
    const after = await get(cached.app, url, { ip: uniqueIp() });
    expect(after.statusCode).toBe(404);
    expect(after.body).not.toContain('Shimano Stradic FL 2500');
    expect((await get(cached.app, '/forum', { ip: uniqueIp() })).headers['x-cache-status']).toBe('MISS');
  });

  it('keeps the stored pages when a reader is counted (a write that changes no page: the view beacon)', async () => {
    const seller = await buildUser(cached.database.db);
    const listing = await buildListing(cached.database.db, seller.id, { title: 'Daiwa BG 4000' });
    const url = `/marketplace/${listing.id}`;
    expect((await get(cached.app, url, { ip: uniqueIp() })).headers['x-cache-status']).toBe('MISS');
    const seen = await post(cached.app, `/api/listings/${listing.id}/views`, undefined, { ip: uniqueIp() });
    expect(seen.statusCode).toBe(204);
    expect((await get(cached.app, url, { ip: uniqueIp() })).headers['x-cache-status']).toBe('HIT');
  });

  it('answers 404 for a listing removed through another instance, though its page is still stored', async () => {
    const seller = await buildUser(cached.database.db);
    const listing = await buildListing(cached.database.db, seller.id, { title: 'Lew’s Mach Crush' });
    const url = `/marketplace/${listing.id}`;
    expect((await get(cached.app, url, { ip: uniqueIp() })).headers['x-cache-status']).toBe('MISS');
    await cached.database.db
      .update(products)
      .set({ deleted: true, deleted_at: new Date() })
      .where(eq(products.id, listing.id));
    const gone = await get(cached.app, url, { ip: uniqueIp() });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('Lew’s Mach Crush');
    expect(gone.headers['x-cache-status']).toBeUndefined();
  });

  it("does not keep a page that went out without its data (a guest past the API's rate limit)", async () => {
    const seller = await buildUser(cached.database.db);
    const listing = await buildListing(cached.database.db, seller.id, { title: 'Abu Garcia Revo SX' });
    const url = `/marketplace/${listing.id}`;
    // This guest spends the API's rate limit: the page's own query is refused for them.
    const flooder = uniqueIp();
    for (let sent = 0; sent < API_RATE_LIMIT.limit; sent += 1)
      await get(cached.app, '/api/auth/session', { ip: flooder });
    expect((await get(cached.app, '/api/auth/session', { ip: flooder })).statusCode).toBe(429);

    const partial = await get(cached.app, url, { ip: flooder });
    expect(partial.statusCode).toBe(200);
    expect(partial.headers['x-cache-status']).toBe('MISS');
    expect(rootOf(partial.body)).not.toContain('Abu Garcia Revo SX');
    // The next guest gets the whole page, rendered for them, not the partial one.
    const whole = await get(cached.app, url, { ip: uniqueIp() });
    expect(whole.headers['x-cache-status']).toBe('MISS');
    expect(rootOf(whole.body)).toContain('Abu Garcia Revo SX');
    expect((await get(cached.app, url, { ip: uniqueIp() })).headers['x-cache-status']).toBe('HIT');
  });

  it('renders the page again once it is older than PAGE_CACHE_SECONDS (a write through another instance)', async () => {
    const seller = await buildUser(cached.database.db);
    const listing = await buildListing(cached.database.db, seller.id, { title: 'Okuma Ceymar C-30' });
    const url = `/marketplace/${listing.id}`;
    await get(cached.app, url, { ip: uniqueIp() });
    // Another instance changes the listing: this one does not see the write.
    await cached.database.db
      .update(products)
      .set({ title: 'Okuma Ceymar C-30, new spool' })
      .where(eq(products.id, listing.id));
    const stale = await get(cached.app, url, { ip: uniqueIp() });
    expect(stale.headers['x-cache-status']).toBe('HIT');
    expect(rootOf(stale.body)).not.toContain('new spool');

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const fresh = await get(cached.app, url, { ip: uniqueIp() });
    expect(fresh.headers['x-cache-status']).toBe('MISS');
    expect(rootOf(fresh.body)).toContain('Okuma Ceymar C-30, new spool');
  });
});

describe('page prerender helpers', () => {
  it('writes JSON that cannot close its element and reads back the same', () => {
    const value = { title: '</script><!-- <b>&amp;</b>', line: 'a\u2028b\u2029c' };
    const json = jsonForHtml(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });

  it("swaps the built page's module script and preloads for the script that starts the app after the first paint", () => {
    const built = [
      '<head>',
      '    <script type="module" crossorigin src="/assets/index-a1.js"></script>',
      '    <link rel="modulepreload" crossorigin href="/assets/react-b2.js">',
      '    <link rel="modulepreload" crossorigin href="/assets/api-client-c3.js">',
      '    <link rel="stylesheet" crossorigin href="/assets/index-d4.css">',
      '</head>',
    ].join('\n');
    expect(startAfterPaint(built)).toBe(
      [
        '<head>',
        '    <script src="/start.js" defer data-entry="/assets/index-a1.js" data-preload="/assets/react-b2.js /assets/api-client-c3.js"></script>',
        '    <link rel="stylesheet" crossorigin href="/assets/index-d4.css">',
        '</head>',
      ].join('\n'),
    );
    expect(startAfterPaint('<head></head>')).toBe('<head></head>');
  });

  it("moves React's hoisted title and preloads out of the body", () => {
    const { title, head, body } = splitHead(
      '<link rel="preload" as="image" href="/a.webp"/><title>Forum · Castline</title><div>page</div>',
    );
    expect(title).toBe('Forum · Castline');
    expect(head).toBe('<link rel="preload" as="image" href="/a.webp"/>');
    expect(body).toBe('<div>page</div>');
    expect(splitHead('<div>page</div>')).toEqual({ title: null, head: '', body: '<div>page</div>' });
  });
});
