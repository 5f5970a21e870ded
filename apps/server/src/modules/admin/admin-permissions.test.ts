import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_MESSAGES,
  AUTH_MESSAGES,
  ROLE_PERMISSIONS,
  type AdminPermission,
  type AdminRoleName,
} from '@castline/shared';
import { useTestApp } from '../../../test/test-app.js';
import { buildUser, errorOf, signIn } from '../../../test/factories.js';

const t = useTestApp();

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  /** Required permissions; null = any signed-in member. */
  permissions: readonly AdminPermission[] | null;
}

const someone = randomUUID();

/** Every admin endpoint; adding one is one line. Write calls name a missing member/session (404 when allowed). */
const ENDPOINTS: Endpoint[] = [
  { method: 'GET', url: '/api/admin/access', permissions: null },
  { method: 'GET', url: '/api/admin/overview', permissions: ['users.read'] },
  { method: 'GET', url: '/api/admin/users', permissions: ['users.read'] },
  { method: 'GET', url: `/api/admin/users/${someone}`, permissions: ['users.read'] },
  {
    method: 'POST',
    url: `/api/admin/users/${someone}/ban`,
    body: { reason: 'Spam' },
    permissions: ['users.ban'],
  },
  { method: 'POST', url: `/api/admin/users/${someone}/unban`, permissions: ['users.ban'] },
  {
    method: 'PATCH',
    url: `/api/admin/users/${someone}/role`,
    body: { role: 'support' },
    permissions: ['users.roles'],
  },
  { method: 'GET', url: '/api/admin/roles', permissions: ['users.read'] },
  { method: 'GET', url: '/api/admin/sessions', permissions: ['sessions.manage'] },
  { method: 'DELETE', url: `/api/admin/sessions/${someone}`, permissions: ['sessions.manage'] },
  { method: 'GET', url: '/api/admin/settings', permissions: ['settings.manage'] },
  { method: 'PUT', url: '/api/admin/settings', body: {}, permissions: ['settings.manage'] },
  { method: 'GET', url: '/api/admin/audit-logs', permissions: ['audit.read'] },
  { method: 'GET', url: '/api/admin/analytics?time_range=7d', permissions: ['analytics.read'] },
  // Moderation (modules/moderation).
  { method: 'GET', url: '/api/admin/moderation/queue', permissions: ['content.moderate'] },
  {
    method: 'POST',
    url: `/api/admin/moderation/queue/${someone}/review`,
    body: { action: 'approve' },
    permissions: ['content.moderate'],
  },
  { method: 'GET', url: '/api/admin/moderation/listings', permissions: ['listings.manage'] },
  {
    method: 'POST',
    url: `/api/admin/moderation/listings/${someone}/approve`,
    permissions: ['listings.manage'],
  },
  {
    method: 'POST',
    url: `/api/admin/moderation/listings/${someone}/reject`,
    body: { reason: 'Blurry photos' },
    permissions: ['listings.manage'],
  },
  { method: 'GET', url: '/api/admin/moderation/logs', permissions: ['content.moderate'] },
  { method: 'GET', url: '/api/admin/moderation/rules', permissions: ['moderation.rules'] },
  {
    method: 'POST',
    url: '/api/admin/moderation/rules',
    body: { name: 'Matrix check', kind: 'word', pattern: 'matrixcheck', action: 'flag', is_active: false },
    permissions: ['moderation.rules'],
  },
  {
    method: 'PATCH',
    url: `/api/admin/moderation/rules/${someone}`,
    body: { is_active: false },
    permissions: ['moderation.rules'],
  },
  { method: 'DELETE', url: `/api/admin/moderation/rules/${someone}`, permissions: ['moderation.rules'] },
  // Forum administration (modules/forum).
  { method: 'GET', url: '/api/admin/forum/posts', permissions: ['forum.manage'] },
  { method: 'GET', url: '/api/admin/forum/comments', permissions: ['forum.manage'] },
  // Monitoring (modules/monitoring).
  { method: 'GET', url: '/api/admin/monitoring/errors', permissions: ['analytics.read'] },
  { method: 'GET', url: '/api/admin/monitoring/errors/abc123', permissions: ['analytics.read'] },
  { method: 'GET', url: '/api/admin/monitoring/events', permissions: ['analytics.read'] },
];

type Caller = 'guest' | 'user' | AdminRoleName;
const CALLERS: Caller[] = ['guest', 'user', 'moderator', 'support', 'admin', 'super_admin'];

function expected(caller: Caller, endpoint: Endpoint): 'allow' | 401 | 403 {
  if (caller === 'guest') return 401;
  if (endpoint.permissions === null) return 'allow';
  if (caller === 'user') return 403;
  const granted = ROLE_PERMISSIONS[caller];
  return endpoint.permissions.every((p) => granted.includes(p)) ? 'allow' : 403;
}

const cookies = new Map<Caller, string>();
async function cookieOf(caller: Caller): Promise<string | undefined> {
  if (caller === 'guest') return undefined;
  const known = cookies.get(caller);
  if (known) return known;
  const user = await buildUser(t.database.db, caller === 'user' ? {} : { adminRole: caller });
  const cookie = await signIn(t.app, user.email, user.password);
  cookies.set(caller, cookie);
  return cookie;
}

describe('admin permission matrix', () => {
  const cases = ENDPOINTS.flatMap((endpoint) =>
    CALLERS.map((caller) => [`${endpoint.method} ${endpoint.url}`, caller, endpoint] as const),
  );

  it.each(cases)('%s as %s', async (_name, caller, endpoint) => {
    const cookie = await cookieOf(caller);
    const response = await t.app.inject({
      method: endpoint.method,
      url: endpoint.url,
      ...(endpoint.body === undefined ? {} : { payload: endpoint.body as object }),
      headers: cookie ? { cookie } : {},
    });
    const outcome = expected(caller, endpoint);
    if (outcome === 401) {
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).message).toBe(AUTH_MESSAGES.notAuthenticated);
    } else if (outcome === 403) {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).message).toBe(ACCESS_MESSAGES.insufficientPermissions);
    } else {
      expect([200, 201, 404]).toContain(response.statusCode);
    }
  });

  it('documents the roles: moderator and support differ as designed', () => {
    const allowed = (caller: Caller) =>
      ENDPOINTS.filter((e) => expected(caller, e) === 'allow').map((e) => `${e.method} ${e.url}`);
    expect(allowed('moderator')).toEqual([
      'GET /api/admin/access',
      'GET /api/admin/overview',
      'GET /api/admin/users',
      `GET /api/admin/users/${someone}`,
      'GET /api/admin/roles',
      'GET /api/admin/audit-logs',
      'GET /api/admin/moderation/queue',
      `POST /api/admin/moderation/queue/${someone}/review`,
      'GET /api/admin/moderation/listings',
      `POST /api/admin/moderation/listings/${someone}/approve`,
      `POST /api/admin/moderation/listings/${someone}/reject`,
      'GET /api/admin/moderation/logs',
      'GET /api/admin/forum/posts',
      'GET /api/admin/forum/comments',
    ]);
    expect(allowed('support')).toEqual([
      'GET /api/admin/access',
      'GET /api/admin/overview',
      'GET /api/admin/users',
      `GET /api/admin/users/${someone}`,
      'GET /api/admin/roles',
      'GET /api/admin/sessions',
      `DELETE /api/admin/sessions/${someone}`,
      'GET /api/admin/analytics?time_range=7d',
      'GET /api/admin/monitoring/errors',
      'GET /api/admin/monitoring/errors/abc123',
      'GET /api/admin/monitoring/events',
    ]);
    expect(allowed('admin')).toHaveLength(ENDPOINTS.length);
  });
});
