import { z } from 'zod';

export const HealthDto = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ engine: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type HealthDto = z.infer<typeof HealthDto>;
