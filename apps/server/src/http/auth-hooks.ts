import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminPermission } from '@castline/shared';
import { AUTH_MESSAGES } from '@castline/shared';
import { assertRouteAccess, type Actor, type AuthMode } from './access-policy.js';
import { UnauthenticatedError } from './errors.js';
import { requestContext } from './request-context.js';
import type { ActiveSession, SessionResolver } from './session.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session, resolved for routes whose config names `auth`. */
    activeSession: ActiveSession | null;
    /** The caller's account, loaded for 'admin' and 'captain' routes and for routes with `actor: true`. */
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /**
     * 'required': 401 without a session; 'optional': resolved when present; 'admin': 401
     * without a session, 403 unless an admin holding every `permissions` entry; 'captain':
     * 401 without a session, 403 unless a captain. Banned members pass neither guard.
     */
    auth?: AuthMode;
    /** Permissions an 'admin' route requires, all of them. */
    permissions?: readonly AdminPermission[];
    /** Load `request.actor` on a 'required' or 'optional' route too (admin and captain routes always do). */
    actor?: boolean;
  }
}

/**
 * Resolves the server-side session and the caller's account for routes that ask for it
 * (`config: { auth }`; one query on the common path), forwards a refreshed session cookie and
 * applies the route's guard. Authorisation always happens here, on the server.
 */
export function registerAuthHooks(app: FastifyInstance, accounts: SessionResolver): void {
  app.decorateRequest('activeSession', null);
  app.decorateRequest('actor', null);
  // Before validation: who may call a route is settled before its input is looked at (a guest
  // is told 401 and a member without the permission 403, whatever they sent).
  app.addHook('preValidation', async (request, reply) => {
    const { auth: mode, permissions, actor: wantsActor } = request.routeOptions.config;
    if (!mode) return;
    const { result, setCookies } = await accounts.resolveCaller(requestContext(request));
    if (setCookies.length > 0) void reply.header('set-cookie', setCookies);
    request.activeSession = result?.session ?? null;
    if (!result) {
      if (mode === 'optional') return;
      throw new UnauthenticatedError(AUTH_MESSAGES.notAuthenticated);
    }
    const guarded = mode === 'admin' || mode === 'captain';
    if (!guarded && !wantsActor) return;
    const { actor } = result;
    // A session whose account is gone counts as no session.
    if (!actor) {
      request.activeSession = null;
      if (mode === 'optional') return;
      throw new UnauthenticatedError(AUTH_MESSAGES.notAuthenticated);
    }
    request.actor = actor;
    assertRouteAccess(mode, actor, permissions);
  });
}

/** The actor the access hook loaded; a route that calls this sets `auth` 'admin' or 'captain', or `actor: true`. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new UnauthenticatedError(AUTH_MESSAGES.notAuthenticated);
  return request.actor;
}
