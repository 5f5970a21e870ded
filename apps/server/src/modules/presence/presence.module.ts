import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorDto,
  AUTH_MESSAGES,
  PresenceListDto,
  PresenceQuery,
  REALTIME_CLOSE,
  REALTIME_PATH,
} from '@castline/shared';
import type { AppContext } from '../../app-context.js';
import { ForbiddenError, UnauthenticatedError } from '../../http/errors.js';
import { createPresenceRepository } from './presence.repository.js';
import { createRealtimeHub, type RealtimeHub } from './realtime.hub.js';
import { createSessionLookup } from './session-lookup.js';

/**
 * The realtime channel: one authenticated WebSocket per tab at /api/realtime (session cookie
 * checked before the upgrade, Origin checked), and GET /api/presence for first paint.
 */
export async function registerPresenceModule(
  app: FastifyInstance,
  context: AppContext,
): Promise<RealtimeHub> {
  const hub = createRealtimeHub({
    bus: context.bus,
    presence: createPresenceRepository(context.database.db),
    sessions: createSessionLookup(context.database.db),
    publisher: context.realtime,
    logger: app.log,
    ...(context.realtimeSessionCheckMs ? { sessionCheckMs: context.realtimeSessionCheckMs } : {}),
    ...(context.realtimeHeartbeatMs ? { heartbeatMs: context.realtimeHeartbeatMs } : {}),
  });
  app.addHook('preClose', async () => {
    await hub.close();
  });
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 64 * 1024 },
  });

  const allowedOrigin = new URL(context.config.publicUrl).origin;
  const r = app.withTypeProvider<ZodTypeProvider>();

  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      config: { auth: 'required' },
      schema: { hide: true },
      // A page on another site must not open a socket with the member's cookie.
      preValidation: async (request) => {
        const origin = request.headers.origin;
        if (!origin) return;
        const sameHost = request.headers.host && origin === `${request.protocol}://${request.headers.host}`;
        if (origin !== allowedOrigin && !sameHost) throw new ForbiddenError(AUTH_MESSAGES.forbiddenOrigin);
      },
    },
    (socket, request) => {
      // The socket belongs to the session that opened it, and ends with it.
      const session = request.activeSession;
      if (!session) {
        socket.close(REALTIME_CLOSE.unauthenticated, AUTH_MESSAGES.notAuthenticated);
        return;
      }
      void hub.open(socket, session);
    },
  );

  r.get('/api/presence', {
    config: { auth: 'required' },
    schema: {
      tags: ['presence'],
      summary: 'Presence (online, away or offline with last_seen_at) of up to 200 members',
      querystring: PresenceQuery,
      response: { 200: PresenceListDto, 400: ApiErrorDto, 401: ApiErrorDto },
    },
    handler: async (request) => {
      if (!request.activeSession) throw new UnauthenticatedError(AUTH_MESSAGES.notAuthenticated);
      return { items: await hub.readPresence(request.query.ids) };
    },
  });
  return hub;
}
