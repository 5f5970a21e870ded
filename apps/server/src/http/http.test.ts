import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MESSAGES, AUTH_MESSAGES as M } from '@castline/shared';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { errorOf, get, post } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  const web = await mkdtemp(path.join(tmpdir(), 'castline-web-'));
  await mkdir(path.join(web, 'assets'));
  await writeFile(
    path.join(web, 'index.html'),
    '<!doctype html><title>Castline</title><div id="root"></div>',
  );
  await writeFile(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
  // The build writes compressed copies beside each text asset.
  const script = `export const catches = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `pike ${i}`))};`;
  await writeFile(path.join(web, 'assets', 'catches-def456.js'), script);
  await writeFile(path.join(web, 'assets', 'catches-def456.js.br'), brotliCompressSync(script));
  await writeFile(path.join(web, 'assets', 'catches-def456.js.gz'), gzipSync(script));
  t = await createTestApp({ env: { WEB_DIST_DIR: web } });
});
afterAll(async () => {
  await t.close();
});

describe('the HTTP frame', () => {
  it('answers /api/health with the database engine', async () => {
    const response = await get(t.app, '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: { ok: true, engine: t.database.engine },
    });
  });

  it('sends security headers and a request id on every answer', async () => {
    const response = await get(t.app, '/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });

  it("lets the HEIC converter start its blob: worker while scripts stay 'self' with no eval", async () => {
    const response = await get(t.app, '/api/health');
    const directives = new Map(
      String(response.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources.join(' ')] as const),
    );
    // heic-to's eval-free build decodes in a worker made from a blob: URL (spec 000 §4: HEIC on phones).
    expect(directives.get('worker-src')).toBe("'self' blob:");
    // A blob: worker keeps the page's policy: no 'unsafe-eval' or 'wasm-unsafe-eval' is needed, or given.
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('default-src')).toBe("'self'");
  });

  it('refuses text holding the NUL character as invalid input (400), wherever it is sent', async () => {
    for (const response of [
      await get(t.app, '/api/listings?q=reel%00'),
      await get(t.app, '/api/forum/posts/%00'),
      await post(t.app, '/api/auth/sign-in', { email: 'a\u0000@b.co', password: 'x' }),
      await post(t.app, '/api/auth/sign-up', { nested: [{ deep: 'x\u0000' }] }),
    ]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'VALIDATION_FAILED', message: APP_MESSAGES.nulCharacter });
    }
  });

  it('refuses state-changing API calls from another site', async () => {
    const response = await post(
      t.app,
      '/api/auth/sign-in',
      { email: 'a@b.co', password: 'x' },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({ code: 'FORBIDDEN', message: M.forbiddenOrigin });
    const sameSite = await post(
      t.app,
      '/api/auth/sign-in',
      { email: 'a@b.co', password: 'wrong-pass' },
      { origin: 'http://localhost:3000' },
    );
    expect(sameSite.statusCode).toBe(401);
  });

  it('serves the OpenAPI document with the auth, admin, profile and captain routes', async () => {
    const response = await get(t.app, '/api/docs/json');
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/sign-up',
        '/api/auth/sign-in',
        '/api/auth/reset-password',
        '/api/auth/sessions/{sessionId}',
        '/api/admin/access',
        '/api/admin/overview',
        '/api/profiles/{userId}',
        '/api/captains-club',
      ]),
    );
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const response = await get(t.app, '/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('NOT_FOUND');
  });

  it('serves the web app for client routes and caches hashed assets for a year', async () => {
    const page = await get(t.app, '/marketplace');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    const asset = await get(t.app, '/assets/app-abc123.js');
    expect(asset.headers['cache-control']).toContain('immutable');
    const missingAsset = await get(t.app, '/assets/app-old999.js');
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.headers['content-type']).toContain('application/json');
  });

  it('sends the compressed copy of an asset to a browser that accepts it, and the plain file otherwise', async () => {
    const brotli = await t.app.inject({
      method: 'GET',
      url: '/assets/catches-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('pike 199');

    const gzip = await t.app.inject({
      method: 'GET',
      url: '/assets/catches-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await t.app.inject({ method: 'GET', url: '/assets/catches-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('pike 199');
  });
});
