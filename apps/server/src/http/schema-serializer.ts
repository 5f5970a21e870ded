import fastJson from 'fast-json-stringify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };
const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `anyOf: [X, { type: 'null' }]`, zod's JSON Schema for a nullable object, enum or bounded number,
 * as one schema whose `type` lists both (`type: ['object', 'null']`). fast-json-stringify tells an
 * `anyOf`'s branches apart by validating the value against each with Ajv: every such field of
 * every item of every answer, and each validator compiled on the route's first answer (0.3 s on
 * the home rows' first answer after a start, measured). A type list is told apart by the value's
 * type alone; a value of neither type still fails. Other unions are left as they are.
 */
export function nullableAsTypeList(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableAsTypeList);
  if (!isSchema(schema)) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = nullableAsTypeList(value);
  const branches = out.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return out;
  const nullAt = branches.findIndex(
    (branch) => isSchema(branch) && branch.type === 'null' && Object.keys(branch).length === 1,
  );
  if (nullAt === -1) return out;
  const other: unknown = branches[1 - nullAt];
  if (!isSchema(other) || typeof other.type !== 'string') return out;
  if (['anyOf', 'oneOf', 'allOf', '$ref', 'if'].some((key) => key in other)) return out;
  const { anyOf: _union, ...siblings } = out;
  return { ...siblings, ...other, type: [other.type, 'null'] };
}

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
  return fastJson(nullableAsTypeList(jsonSchema) as Parameters<typeof fastJson>[0]);
}
