import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES } from '@castline/shared';
import type { AccountsService, ActiveSession } from '../modules/accounts/accounts.service.js';
import { UnauthenticatedError } from './errors.js';
import { requestContext } from './request-context.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session, resolved for routes whose config names `auth`. */
    activeSession: ActiveSession | null;
  }
  interface FastifyContextConfig {
    /** 'required': 401 without a session; 'optional': resolved when present. */
    auth?: 'required' | 'optional';
  }
}

/**
 * Resolves the server-side session for routes that ask for it (`config: { auth }`) and
 * forwards a refreshed session cookie. Authorisation always happens here, on the server.
 */
export function registerAuthHooks(app: FastifyInstance, accounts: AccountsService): void {
  app.decorateRequest('activeSession', null);
  app.addHook('preHandler', async (request, reply) => {
    const mode = request.routeOptions.config.auth;
    if (!mode) return;
    const { result, setCookies } = await accounts.resolveSession(requestContext(request));
    if (setCookies.length > 0) void reply.header('set-cookie', setCookies);
    request.activeSession = result;
    if (mode === 'required' && !result) throw new UnauthenticatedError(AUTH_MESSAGES.notAuthenticated);
  });
}
