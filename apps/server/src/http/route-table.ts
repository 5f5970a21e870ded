import type { FastifyInstance, FastifySchema } from 'fastify';

/** One route the server answers: a method and its URL pattern (`:id` for parameters). */
export interface RouteEntry {
  method: string;
  url: string;
  /** Its request and response schemas (zod), as registered. */
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app as registered, for tests that must cover each one. */
    routeTable: readonly RouteEntry[];
  }
}

/** Records every route registered after this call (call it before any route). */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) table.push({ method, url: route.url, schema: route.schema });
  });
}
