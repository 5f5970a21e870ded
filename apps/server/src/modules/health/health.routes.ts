import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthDto } from '@castline/shared';
import type { DatabaseHandle } from '../../db/client.js';

export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle, version: string): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    config: { rateLimit: false },
    schema: {
      tags: ['health'],
      summary: 'Liveness and database reachability',
      response: { 200: HealthDto, 503: HealthDto },
    },
    handler: async (_request, reply) => {
      const ok = await database.ping();
      const body: HealthDto = {
        status: ok ? 'ok' : 'degraded',
        database: { engine: database.engine, ok },
        version,
        uptimeSeconds: Math.round(process.uptime()),
      };
      void reply.header('cache-control', 'no-store');
      return reply.status(ok ? 200 : 503).send(body);
    },
  });
}
