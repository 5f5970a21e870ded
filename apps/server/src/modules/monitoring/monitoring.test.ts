import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, MONITORING_MESSAGES, type MonitoringErrorGroupPageDto } from '@castline/shared';
import { useTestApp } from '../../../test/test-app.js';
import { errorOf, get, guest, post, signedInMember } from '../../../test/factories.js';
import { listen, openSocket } from '../../../test/realtime-client.js';
import { recordUnexpectedErrors, registerErrorHandler } from '../../http/error-handler.js';
import { errorFingerprint, firstStackFrame } from './monitoring.fingerprint.js';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createMetrics } from './monitoring.metrics.js';
import { createErrorQuota } from './monitoring.rate-limit.js';
import { registerMonitoringRoutes } from './monitoring.routes.js';
import { createMonitoringRepository } from './monitoring.repository.js';
import { createMonitoringService } from './monitoring.service.js';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const t = useTestApp({ env: { METRICS_TOKEN } });

const NOW = () => new Date().toISOString();

function clientError(message: string, overrides: Record<string, unknown> = {}) {
  return {
    message,
    stack: `Error: ${message}\n    at explode (https://castline.test/assets/app.js:10:5)\n    at run (https://castline.test/assets/app.js:20:1)`,
    context: { path: '/error-test' },
    metadata: { kind: 'error' },
    timestamp: NOW(),
    ...overrides,
  };
}

function metricsRequest(token?: string) {
  return t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
}

async function errorGroups(cookie: string, page = 1): Promise<MonitoringErrorGroupPageDto> {
  const response = await get(t.app, `/api/admin/monitoring/errors?page=${page}`, { cookie });
  expect(response.statusCode).toBe(200);
  return response.json<MonitoringErrorGroupPageDto>();
}

describe('monitoring ingestion', () => {
  it('refuses guests with 401 before looking at the body', async () => {
    const errors = await post(t.app, '/api/monitoring/errors', { errors: [clientError('x')] }, guest());
    expect(errors.statusCode).toBe(401);
    expect(errorOf(errors).message).toBe(AUTH_MESSAGES.notAuthenticated);
    const events = await post(t.app, '/api/monitoring/events', { nonsense: true }, guest());
    expect(events.statusCode).toBe(401);
  });

  it('validates batches with clear messages', async () => {
    const member = await signedInMember(t.app, t.database.db);
    const cases: [string, unknown, string][] = [
      ['/api/monitoring/errors', { errors: [] }, MONITORING_MESSAGES.batchEmpty],
      [
        '/api/monitoring/errors',
        { errors: Array.from({ length: 101 }, (_, i) => clientError(`e${i}`)) },
        MONITORING_MESSAGES.batchTooLarge,
      ],
      [
        '/api/monitoring/errors',
        { errors: [clientError('a'.repeat(2001))] },
        MONITORING_MESSAGES.messageTooLong,
      ],
      [
        '/api/monitoring/errors',
        { errors: [clientError('big', { stack: 's'.repeat(10_001) })] },
        MONITORING_MESSAGES.stackTooLong,
      ],
      [
        '/api/monitoring/errors',
        { errors: [clientError('ctx', { context: { blob: 'x'.repeat(9000) } })] },
        MONITORING_MESSAGES.jsonTooLarge,
      ],
      [
        '/api/monitoring/errors',
        { errors: [clientError('when', { timestamp: 'yesterday' })] },
        MONITORING_MESSAGES.timestampInvalid,
      ],
      [
        '/api/monitoring/events',
        { events: [{ event_type: 'shout', timestamp: NOW() }] },
        MONITORING_MESSAGES.eventTypeInvalid,
      ],
      ['/api/monitoring/events', [1, 2], MONITORING_MESSAGES.batchEmpty],
    ];
    for (const [url, body, message] of cases) {
      const response = await post(t.app, url, body, member);
      expect(response.statusCode, `${url} ${message}`).toBe(400);
      expect(errorOf(response).message).toBe(message);
    }
  });

  it('stores events and answers 202 with the count', async () => {
    const member = await signedInMember(t.app, t.database.db);
    const admin = await signedInMember(t.app, t.database.db, 'admin');
    const response = await post(
      t.app,
      '/api/monitoring/events',
      {
        events: [
          {
            event_type: 'log',
            metadata: { message: 'Error test page message', level: 'info' },
            timestamp: NOW(),
          },
          {
            event_type: 'timing',
            context: { source: 'error-test' },
            metadata: { name: 'error-test.slow-operation', duration_ms: 1500 },
            timestamp: new Date(Date.now() + 1000).toISOString(),
          },
        ],
      },
      member,
    );
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 2, dropped: 0 });

    const all = await get(t.app, '/api/admin/monitoring/events', admin);
    expect(all.statusCode).toBe(200);
    const newest = all.json<{ items: { event_type: string; user_id: string; metadata: unknown }[] }>().items;
    expect(newest.slice(0, 2).map((item) => item.event_type)).toEqual(['timing', 'log']);
    expect(newest[0]).toMatchObject({ user_id: member.id, metadata: { duration_ms: 1500 } });

    const logs = await get(t.app, '/api/admin/monitoring/events?type=log', admin);
    const body = logs.json<{ items: { event_type: string }[]; total: number; page_size: number }>();
    expect(body.items.every((item) => item.event_type === 'log')).toBe(true);
    expect(body.page_size).toBe(10);
    expect((await get(t.app, '/api/admin/monitoring/events?type=nope', admin)).statusCode).toBe(400);
  });

  it('keeps at most 50 errors per member per 60 s and counts the dropped ones', async () => {
    const member = await signedInMember(t.app, t.database.db);
    const admin = await signedInMember(t.app, t.database.db, 'admin');
    const message = `Flood ${member.id}`;
    const batch = { errors: Array.from({ length: 40 }, () => clientError(message)) };
    const first = await post(t.app, '/api/monitoring/errors', batch, member);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ accepted: 40, dropped: 0 });
    const second = await post(t.app, '/api/monitoring/errors', batch, member);
    expect(second.json()).toEqual({ accepted: 10, dropped: 30 });
    const third = await post(t.app, '/api/monitoring/errors', { errors: [clientError(message)] }, member);
    expect(third.json()).toEqual({ accepted: 0, dropped: 1 });

    // Another member has a quota of their own.
    const other = await signedInMember(t.app, t.database.db);
    const theirs = await post(t.app, '/api/monitoring/errors', { errors: [clientError(message)] }, other);
    expect(theirs.json()).toEqual({ accepted: 1, dropped: 0 });

    const group = (await errorGroups(admin.cookie)).items.find((item) => item.message === message);
    expect(group).toMatchObject({ count: 51, sources: ['client'] });
  });

  it('groups errors by message and first stack frame, with counts, first and last seen', async () => {
    const member = await signedInMember(t.app, t.database.db);
    const admin = await signedInMember(t.app, t.database.db, 'admin');
    const message = `Cannot read properties of undefined ${member.id}`;
    const earlier = new Date(Date.now() - 60_000).toISOString();
    const later = new Date(Date.now() + 60_000).toISOString();
    const response = await post(
      t.app,
      '/api/monitoring/errors',
      {
        errors: [
          clientError(message, { timestamp: earlier }),
          clientError(message, {
            timestamp: later,
            stack: `${clientError(message).stack}\n    at later (x.js:1:1)`,
          }),
          clientError(message, {
            stack: 'Error\n    at elsewhere (https://castline.test/assets/other.js:1:1)',
          }),
        ],
      },
      member,
    );
    expect(response.json()).toEqual({ accepted: 3, dropped: 0 });

    const page = await errorGroups(admin.cookie);
    const groups = page.items.filter((item) => item.message === message);
    expect(groups).toHaveLength(2);
    const main = groups.find((item) => item.count === 2)!;
    expect(main).toMatchObject({
      fingerprint: errorFingerprint(message, clientError(message).stack),
      first_seen: earlier,
      last_seen: later,
      sources: ['client'],
    });
    expect(main.last_stack).toContain('at later');
    expect(page.items[0]!.fingerprint).toBe(main.fingerprint); // newest last_seen first

    const detail = await get(t.app, `/api/admin/monitoring/errors/${main.fingerprint}`, admin);
    expect(detail.statusCode).toBe(200);
    const items = detail.json<{ items: { timestamp: string; user_id: string; source: string }[] }>().items;
    expect(items.map((item) => item.timestamp)).toEqual([later, earlier]);
    expect(items[0]).toMatchObject({ user_id: member.id, source: 'client' });

    const missing = await get(t.app, `/api/admin/monitoring/errors/${'0'.repeat(32)}`, admin);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe(MONITORING_MESSAGES.errorGroupNotFound);
  });

  it('reads the first frame of V8 and Firefox stacks', () => {
    expect(firstStackFrame('TypeError: x\n    at a (f.js:1:2)\n    at b (f.js:3:4)')).toBe('at a (f.js:1:2)');
    expect(firstStackFrame('a@https://x.test/f.js:1:2\nb@https://x.test/f.js:3:4')).toBe(
      'a@https://x.test/f.js:1:2',
    );
    expect(firstStackFrame(undefined)).toBe('');
    expect(errorFingerprint('m', 'Error\n    at a (f.js:1:2)')).not.toBe(
      errorFingerprint('m', 'Error\n    at b (f.js:1:2)'),
    );
    expect(errorFingerprint('m', undefined)).toMatch(/^[a-f0-9]{32}$/);
  });

  it('counts the quota in fixed 60 s windows', () => {
    const quota = createErrorQuota(50, 60_000);
    expect(quota.take('m', 45, 0)).toBe(45);
    expect(quota.take('m', 10, 59_999)).toBe(5);
    expect(quota.take('m', 10, 60_000)).toBe(10);
  });
});

describe('admin monitoring reads', () => {
  it('need analytics.read: 401 for guests, 403 for members and moderators, 200 for support and admins', async () => {
    const member = await signedInMember(t.app, t.database.db);
    const moderator = await signedInMember(t.app, t.database.db, 'moderator');
    const support = await signedInMember(t.app, t.database.db, 'support');
    const admin = await signedInMember(t.app, t.database.db, 'admin');
    for (const url of [
      '/api/admin/monitoring/errors',
      '/api/admin/monitoring/events',
      `/api/admin/monitoring/errors/${'a'.repeat(32)}`,
    ]) {
      expect((await get(t.app, url, guest())).statusCode, url).toBe(401);
      expect((await get(t.app, url, member)).statusCode, url).toBe(403);
      expect((await get(t.app, url, moderator)).statusCode, url).toBe(403);
    }
    expect((await get(t.app, '/api/admin/monitoring/errors', support)).statusCode).toBe(200);
    expect((await get(t.app, '/api/admin/monitoring/events?page=2', admin)).statusCode).toBe(200);
    expect((await get(t.app, '/api/admin/monitoring/errors?page=0', admin)).statusCode).toBe(400);
  });
});

describe('server errors', () => {
  it('records an unexpected 500 with its request id and keeps the answer unchanged; no token, no /metrics', async () => {
    const monitoring = createMonitoringService({
      repository: createMonitoringRepository(t.database.db),
      quota: createErrorQuota(),
      logger: pino({ level: 'silent' }),
    });
    const app = Fastify({
      logger: false,
      genReqId: (request) => String(request.headers['x-request-id'] ?? 'none'),
    });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    // Without METRICS_TOKEN the metrics endpoint does not exist.
    const metrics = createMetrics({ openSockets: () => 0, probeDatabase: async () => {} });
    registerMonitoringRoutes(app, monitoring, metrics, undefined);
    recordUnexpectedErrors(app, (error, request) =>
      monitoring.recordServerError(error, {
        requestId: request.id,
        userId: null,
        method: request.method,
        route: request.routeOptions.url ?? null,
      }),
    );
    const message = `Database exploded ${Date.now()}`;
    app.get('/boom/:id', async () => {
      throw new Error(message);
    });
    app.get('/broken-recorder', async () => {
      recordUnexpectedErrors(app, () => {
        throw new Error('recorder down');
      });
      throw new Error('second failure');
    });
    await app.ready();
    const requestId = `req-${Date.now()}`;
    const response = await app.inject({
      url: '/boom/42?token=secret',
      headers: { 'x-request-id': requestId },
    });
    expect(response.statusCode).toBe(500);
    expect(errorOf(response).code).toBe('INTERNAL');
    expect(response.body).not.toContain(message);

    const admin = await signedInMember(t.app, t.database.db, 'admin');
    const findGroup = async () =>
      (await errorGroups(admin.cookie)).items.find((item) => item.message === message);
    await expect.poll(findGroup).toMatchObject({ count: 1, sources: ['server'] });
    const { fingerprint } = (await findGroup())!;
    const detail = await get(t.app, `/api/admin/monitoring/errors/${fingerprint}`, admin);
    expect(detail.json<{ items: unknown[] }>().items[0]).toMatchObject({
      source: 'server',
      request_id: requestId,
      context: { method: 'GET', route: '/boom/:id' },
    });

    // A recorder that throws never changes the answer.
    const second = await app.inject({ url: '/broken-recorder', headers: { 'x-request-id': 'req-second' } });
    expect(second.statusCode).toBe(500);
    expect(errorOf(second).code).toBe('INTERNAL');

    const noMetrics = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer anything' } });
    expect(noMetrics.statusCode).toBe(404);
    expect(errorOf(noMetrics).code).toBe('NOT_FOUND');
    metrics.close();
    await app.close();
  });
});

describe('/metrics', () => {
  it('needs the bearer token', async () => {
    expect((await metricsRequest()).statusCode).toBe(401);
    const wrong = await metricsRequest('not-the-token');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toContain('Bearer');
    expect((await metricsRequest(METRICS_TOKEN)).statusCode).toBe(200);
  });

  it('lists request latency by route pattern, open sockets, database and process metrics', async () => {
    const member = await signedInMember(t.app, t.database.db);
    await get(t.app, `/api/profiles/${member.id}?secret=abc`, member);
    await get(t.app, '/api/no-such-thing');
    const socket = await openSocket(await listen(t.app), member.cookie);

    const response = await metricsRequest(METRICS_TOKEN);
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    const text = response.body;
    expect(text).toContain('# TYPE castline_http_request_duration_seconds histogram');
    expect(text).toMatch(
      // Label order carries no meaning in the exposition format.
      /castline_http_request_duration_seconds_bucket\{(?=[^}]*le="\+Inf")(?=[^}]*method="GET")(?=[^}]*route="\/api\/profiles\/:userId")(?=[^}]*status_class="2xx")[^}]*\} [1-9]/,
    );
    expect(text).toMatch(
      /castline_http_request_duration_seconds_count\{method="GET",route="unmatched",status_class="4xx"\} [1-9]/,
    );
    expect(text).not.toContain(member.id);
    expect(text).not.toContain('secret=abc');
    expect(text).toMatch(/^castline_realtime_open_sockets 1$/m);
    expect(text).toMatch(/^castline_db_up 1$/m);
    expect(text).toMatch(/^castline_db_probe_duration_seconds_count [1-9]/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds\{quantile="0.99"\} [\d.e-]+$/m);
    await socket.close();
    await expect
      .poll(async () => (await metricsRequest(METRICS_TOKEN)).body)
      .toMatch(/^castline_realtime_open_sockets 0$/m);
  });
});
