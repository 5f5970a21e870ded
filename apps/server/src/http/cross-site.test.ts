import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES as M } from '@castline/shared';
import { recordFigure } from '../../test/figures.js';
import { rowCounts } from '../../test/row-counts.js';
import { useTestApp } from '../../test/test-app.js';
import { buildUser, errorOf, signIn, uniqueIp } from '../../test/factories.js';

const t = useTestApp();
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SOME_ID = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';

describe('cross-site requests (CSRF)', () => {
  it('refuses every state-changing API route from another site, signed in, before anything is read or written', async () => {
    const user = await buildUser(t.database.db);
    const ip = uniqueIp();
    const cookie = await signIn(t.app, user.email, user.password, ip);
    const routes = t.app.routeTable.filter(
      (route) => route.url.startsWith('/api/') && !SAFE_METHODS.has(route.method),
    );
    // Every write the API has: listings, offers, messages, forum, alerts, settings, admin, auth…
    expect(routes.length).toBeGreaterThan(50);

    const before = await rowCounts(t.database.db);
    for (const route of routes) {
      for (const origin of ['https://evil.example', 'null', 'http://localhost:3000.evil.example']) {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: route.url.replace(/:\w+/g, SOME_ID).replace('*', 'x'),
          remoteAddress: ip,
          headers: { origin, cookie, 'content-type': 'application/json' },
          payload: '{}',
        });
        expect(response.statusCode, `${route.method} ${route.url} from ${origin}`).toBe(403);
        expect(errorOf(response)).toEqual({ code: 'FORBIDDEN', message: M.forbiddenOrigin });
      }
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
    recordFigure(
      'cross-site requests',
      `${routes.length} state-changing routes × 3 foreign origins refused (403), no table changed`,
    );
  });

  it('lets the site itself and clients that send no Origin through', async () => {
    const user = await buildUser(t.database.db);
    const ip = uniqueIp();
    const cookie = await signIn(t.app, user.email, user.password, ip);
    for (const origin of ['http://localhost:3000', undefined]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/alerts',
        remoteAddress: ip,
        headers: { cookie, ...(origin ? { origin } : {}) },
        payload: { name: `Reels near me ${origin ?? 'no origin'}`, filters: { category: ['reels'] } },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
  });
});
