import fastJson from 'fast-json-stringify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * A response serializer compiled from the route's own zod response schema (decision 0014): its
 * JSON Schema drives fast-json-stringify, so only the fields the schema names are written, as
 * with the zod serializer, but the body is not validated again on the way out. For hot reads
 * whose presenter builds exactly the DTO; every other route keeps the zod serializer.
 */
export function schemaSerializer<T>({ schema }: FastifyRouteSchemaDef<T>): (data: unknown) => string {
  const jsonSchema = z.toJSONSchema(schema as z.ZodType, {
    target: 'draft-07',
    io: 'output',
    unrepresentable: 'any',
  });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
}
