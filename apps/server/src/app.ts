import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import helmet from 'helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { API_RATE_LIMIT, APP_MESSAGES, AUTH_MESSAGES } from '@castline/shared';
import type { AppContext, AppDeps } from './app-context.js';
import type { ServerEventMap } from './domain-events.js';
import type { Transaction } from './db/client.js';
import { createDomainEvents } from './platform/events/domain-events.js';
import { createJobQueue, type JobQueue } from './platform/jobs/job-queue.js';
import { subscribeDomainEvents } from './subscriptions.js';
import { registerAuthHooks } from './http/auth-hooks.js';
import { recordRoutes } from './http/route-table.js';
import { registerErrorHandler } from './http/error-handler.js';
import { createPageCache } from './http/page-cache.js';
import { loadPagePrerenderer } from './http/page-prerender.js';
import { createPageStatus } from './http/page-status.js';
import { ForbiddenError, ValidationError } from './http/errors.js';
import {
  createAccountsRepository,
  registerAccountsRoutes,
  createAccountsService,
  createAuth,
  createKnownDevices,
  createAuthMail,
} from './modules/accounts/index.js';
import {
  createAdminRepository,
  registerAdminRoutes,
  createAdminService,
  scheduleBanExpiry,
} from './modules/admin/index.js';
import { registerMailboxRoutes } from './modules/dev-mailbox/index.js';
import { registerHealthRoutes } from './modules/health/index.js';
import { registerImagesModule } from './modules/images/index.js';
import { registerListingsModule } from './modules/listings/index.js';
import { registerPlacesModule } from './modules/places/index.js';
import {
  createCaptainsRepository,
  registerCaptainsRoutes,
  createCaptainsService,
} from './modules/captains/index.js';
import {
  createProfilesRepository,
  registerProfilesRoutes,
  createProfilesService,
} from './modules/profiles/index.js';
import { createMemoryBus } from './platform/bus/event-bus.js';
import { registerPresenceModule } from './modules/presence/index.js';
import { createRealtimePublisher } from './platform/realtime/realtime-publisher.js';
import { registerMessagingModule } from './modules/messaging/index.js';
import { registerNotificationsModule } from './modules/notifications/index.js';
import { registerOffersModule } from './modules/offers/index.js';
import { registerOrdersModule } from './modules/orders/index.js';
import { registerReviewsModule } from './modules/reviews/index.js';
import { registerAlertsModule } from './modules/alerts/index.js';
import { registerSettingsModule } from './modules/settings/index.js';
import { registerForumModule } from './modules/forum/index.js';
import { registerTagsModule } from './modules/tags/index.js';
import { registerModerationModule } from './modules/moderation/index.js';
import { registerMonitoringModule } from './modules/monitoring/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (platform/jobs): tests run due jobs at a moment of their choosing. */
    jobs: JobQueue;
  }
}

export const APP_VERSION = '0.1.0';

export type { AppContext, AppDeps } from './app-context.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether any string in a parsed request part (object, array, string) holds U+0000. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  for (const key in value as Record<string, unknown>) {
    if (key.includes('\u0000') || holdsNul((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/** Builds the whole server without listening; main.ts and the tests both use it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    ...(deps.logger
      ? { loggerInstance: deps.logger }
      : { logger: deps.loggerOptions ?? { level: config.logLevel } }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
  });
  recordRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only; other bodies are answered 415.
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);

  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  // Security headers. The middleware is built once: @fastify/helmet rebuilt it, CSP parsing
  // included, on every request (2% of the server's time under load).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The HEIC converter (heic-to's eval-free build, loaded only for a phone's HEIC photo)
        // decodes in a worker it builds from a blob: URL. Workers come from this site or a blob:
        // URL, never elsewhere; a blob: worker keeps this page's policy, so no eval inside it.
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: true,
    max: API_RATE_LIMIT.limit,
    timeWindow: API_RATE_LIMIT.windowMs,
    allowList: (request) => !request.url.startsWith('/api/'),
    ...(deps.redis ? { redis: deps.redis, nameSpace: `${config.redisKeyPrefix}api-rate:` } : {}),
    // While Redis cannot be reached (a restart), the API answers without this per-address limit
    // rather than failing every request. The sign-in and posting limits, which guard against
    // abuse, still need it: those requests fail until Redis is back.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: { code: 'RATE_LIMITED', message: AUTH_MESSAGES.tooManyRequests, retryAfter: context.after },
    }),
  });

  // Cross-site form posts cannot change state: a browser's Origin must be this site.
  const allowedOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (!origin) return;
    const sameHost = request.headers.host && origin === `${request.protocol}://${request.headers.host}`;
    if (origin !== allowedOrigin && !sameHost) throw new ForbiddenError(AUTH_MESSAGES.forbiddenOrigin);
  });

  // Guests' rendered pages (page-cache.ts): any write through this instance empties the cache,
  // but for a route whose writes change no page (`config.keepsPageCache`: the view beacon).
  const pageCache = createPageCache({ ttlMs: config.pageCacheSeconds * 1000 });
  app.addHook('onResponse', (request, reply, done) => {
    const changesPages = !SAFE_METHODS.has(request.method) && !request.routeOptions.config.keepsPageCache;
    if (changesPages && reply.statusCode < 400) pageCache.clear();
    done();
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Castline API',
        description: 'The marketplace and community for fishing gear.',
        version: APP_VERSION,
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
    // Schemas named with .meta({ id }) (a recursive one, MarkdownNode) go into components.schemas.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Realtime fan-out first: ending a session (accounts, settings, admin) closes its sockets.
  const bus = deps.bus ?? createMemoryBus();
  const context: AppContext = {
    ...deps,
    bus,
    realtime: createRealtimePublisher(bus, app.log),
    events: createDomainEvents<ServerEventMap, Transaction>(app.log),
    jobs: createJobQueue(database, { logger: app.log, pollIntervalMs: deps.jobPollIntervalMs }),
  };
  subscribeDomainEvents(app, context);
  const accountsRepository = createAccountsRepository(database.db);
  const auth = createAuth({
    db: database.db,
    secret: deps.authSecret,
    publicUrl: config.publicUrl,
    logger: app.log,
    mail: createAuthMail({
      mailer: deps.mailer,
      publicUrl: config.publicUrl,
      repository: accountsRepository,
      logger: app.log,
    }),
  });
  const accounts = createAccountsService({
    auth,
    repository: accountsRepository,
    rateLimiter: deps.rateLimiter,
    realtime: context.realtime,
    knownDevices: createKnownDevices(deps.authSecret, config.publicUrl.startsWith('https://')),
    logger: app.log,
  });
  registerAuthHooks(app, accounts);
  // PostgreSQL text cannot hold U+0000: API input carrying it is refused as invalid (400) instead
  // of failing in the database. After the access hook, so that 401 and 403 still come first.
  // (A stored file's key with one is simply not found.)
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw new ValidationError(APP_MESSAGES.nulCharacter);
    }
  });

  registerHealthRoutes(app, database, APP_VERSION);
  registerAccountsRoutes(app, accounts);
  registerProfilesRoutes(app, createProfilesService({ repository: createProfilesRepository(database.db) }));
  registerCaptainsRoutes(app, createCaptainsService({ repository: createCaptainsRepository(database.db) }));
  // The mailbox holds sign-in and reset links: never in production, whatever the client address
  // (a reverse proxy on this host would make every visitor look like this machine).
  if (deps.mailer.kind === 'outbox' && config.env !== 'production') {
    registerMailboxRoutes(app, database.db, { open: config.mailboxOpen });
  }
  registerAdminRoutes(
    app,
    createAdminService({
      repository: createAdminRepository(database.db),
      realtime: context.realtime,
      events: context.events,
      logger: app.log,
    }),
  );
  scheduleBanExpiry(app, database);
  if (!deps.bus) app.addHook('onClose', async () => bus.close());
  // Realtime socket and presence, uploads and stored files (/api/uploads, /files/*), places, listings.
  const realtimeHub = await registerPresenceModule(app, context);
  await registerImagesModule(app, context);
  await registerPlacesModule(app, context);
  await registerListingsModule(app, context);
  await registerMessagingModule(app, context);
  await registerNotificationsModule(app, context);
  await registerOffersModule(app, context);
  await registerOrdersModule(app, context);
  await registerReviewsModule(app, context);
  await registerAlertsModule(app, context);
  await registerSettingsModule(app, context);
  await registerModerationModule(app, context);
  await registerMonitoringModule(app, context, { realtimeHub });
  await registerForumModule(app, context);
  await registerTagsModule(app, context);
  // Every module has registered its job handlers: poll for due jobs once the app is ready. Added
  // last, this onClose hook runs first (Fastify runs them last-in first-out): polling stops and the
  // run in progress ends before the bus and the database close.
  app.decorate('jobs', context.jobs);
  app.addHook('onReady', async () => context.jobs.start());
  app.addHook('onClose', async () => context.jobs.stop());

  const webDist = config.webDistDir ?? path.resolve(import.meta.dirname, '../../web/dist');
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          void res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
    const prerenderer = await loadPagePrerenderer(app, webDist, app.log, pageCache);
    const pageStatus = createPageStatus(app, database.db);
    // The SPA owns every other GET path: the client router renders pages and not-found.
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      // API paths, stored files and missing static files (a path ending in an extension)
      // answer 404 instead of the page, so that a stale asset never loads HTML as script.
      if (pathname.startsWith('/api/') || pathname.startsWith('/files/') || /\.[a-z0-9]+$/i.test(pathname)) {
        return reply.callNotFound();
      }
      // 404 for a path the web app has no page for, or a listing or post the caller may not see
      // (decided before the page cache, which only ever holds pages that answer 200).
      const { status, setCookie } = await pageStatus(request);
      if (setCookie) void reply.header('set-cookie', setCookie);
      // A guest's public page goes out rendered, with its data; anything else gets the shell,
      // on which the app draws the page or its not-found page.
      if (status === 200 && prerenderer?.handles(request) && (await prerenderer.send(request, reply))) {
        return reply;
      }
      return reply.code(status).header('cache-control', 'no-cache').sendFile('index.html', webDist);
    });
  }
  return app;
}
