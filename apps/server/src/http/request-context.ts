import type { FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER } from './session.js';

/** What a service needs to know about the caller of one request. */
export interface RequestContext {
  ip: string;
  /** Headers handed to the auth library: cookie, user agent and the resolved client IP. */
  headers: Headers;
}

export function requestContext(request: FastifyRequest): RequestContext {
  const headers = new Headers();
  const cookie = request.headers.cookie;
  if (cookie) headers.set('cookie', cookie);
  const userAgent = request.headers['user-agent'];
  if (userAgent) headers.set('user-agent', userAgent.slice(0, 512));
  // Overwrites anything the client sent under this name: only the server resolves the IP.
  headers.set(CLIENT_IP_HEADER, request.ip);
  return { ip: request.ip, headers };
}
