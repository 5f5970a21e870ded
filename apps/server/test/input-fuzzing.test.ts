/**
 * Input fuzzing: for every route of the app (app.routeTable), property-based requests built from
 * the route's own zod schemas: values that fit the schema (generated from its JSON Schema: types,
 * lengths, ranges, enums, formats, patterns), and over its fields values at the edges, of the
 * wrong type, oversized, unusual unicode or injection strings. Money fields (marked in the shared
 * schemas, or named like one) also get money's edge values: fractions of a cent, values that
 * round to zero, denormals, huge numbers, and numbers sent as text, booleans or lists. No
 * answer may be a 5xx or show internals (a stack, SQL, a driver's message). A route whose every
 * fuzzed request was rejected (4xx) must leave every table as it found it. The runs are seeded:
 * the same inputs every time, and a failure names the shrunk input that caused it.
 *
 * A second pass sends every money edge value, in turn, in an otherwise valid body of every route
 * that has a money field: what is not a whole-cent number answers 400 naming the field.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MONEY_STEP } from '@castline/shared';
import type { RouteEntry } from '../src/http/route-table.js';
import { recordFigure } from './figures.js';
import { rowCounts } from './row-counts.js';
import { useTestApp } from './test-app.js';
import { testEngine } from './test-engine.js';
import {
  buildAlert,
  buildListing,
  buildOffer,
  buildUser,
  signedInMember,
  signIn,
  uniqueIp,
  type Member,
} from './factories.js';
import { tackleBody } from '../src/modules/listings/listings.test-helpers.js';

const t = useTestApp();

/** Inputs per route; with the seed, the same ones on every run. */
const RUNS_PER_ROUTE = 24;
const SEED = 20261125;

/** Routes that end the caller's session run last (so that the others are fuzzed signed in). */
const ENDS_SESSION = new Set([
  'POST /api/auth/sign-out',
  'POST /api/auth/sessions/revoke-others',
  'DELETE /api/settings/account',
  'POST /api/settings/password',
]);
/**
 * Tables that a rejected request may write by design: failed attempts are counted (rate limits
 * on sign-in, sign-up, resets), and browser error reports are kept.
 */
const WRITTEN_ON_REJECTION = new Set(['rate_limits']);

/** What an answer must never show. */
const INTERNALS = [
  /\bat [\w.<>]+ \(|node_modules|\.[tj]s:\d+/, // a stack
  /drizzle|pglite|postgres|syntax error|violates|duplicate key|invalid input syntax/i, // the driver
  /\b(select|insert into|update|delete from)\b[^"]*\\?"\w+\\?"/i, // SQL text with its identifiers
];

const NASTY_STRINGS = [
  '',
  ' ',
  'a'.repeat(5_000),
  'x'.repeat(120_000),
  "' OR '1'='1' --",
  "'; DROP TABLE products; --",
  '" onmouseover="alert(1)',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\u202Egnp.exe',
  'Z̸̡̛a̷̕l̴̡g̸o̶',
  '🎣🐟🚤'.repeat(50),
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '\uD800',
  'NaN',
  '-1',
  '1e309',
  '00000000-0000-0000-0000-000000000000',
  '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f',
  '{"$gt": ""}',
  'true',
  'null',
  '2026-02-30T25:61:00Z',
];

/** One value for a field: any JSON, with the edge cases weighted in. */
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      0,
      -1,
      1,
      1.5,
      -0.01,
      2 ** 31,
      2 ** 53 + 1,
      1e308,
      -1e308,
      99_999_999,
    ),
  },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom<unknown>(...NASTY_STRINGS, 1, null), { maxLength: 60 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/**
 * Money fields: the shared schemas mark them (JSON Schema `multipleOf: 0.01`, whole cents); a
 * field named like money counts too, so that an unmarked one is fuzzed as money all the same.
 */
const MONEY_NAME = /^(price|amount|counter_amount|price_min|price_max|min_price|max_price|shipping_price)$/;
/**
 * Money's edges: below a cent, rounding to 0 or to a cent, denormal, huge, and not numbers at all
 * (-0 goes out as 0: JSON has no negative zero).
 */
const MONEY_EDGES: readonly unknown[] = [
  0.001,
  0.005,
  0.019,
  1e-320,
  -0,
  1e308,
  999_999.999,
  'NaN',
  'Infinity',
  '1e-3',
  true,
  '12',
  [1],
  { amount: 12 },
  0,
  0.01,
  1,
  99.99,
  999_999.99,
];
const moneyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...MONEY_EDGES) },
  // Whole cents, and any fraction in the usual range.
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 99_999_999 }).map((cents) => cents / 100) },
  { weight: 1, arbitrary: fc.double({ min: 0, max: 1_000_000, noNaN: true }) },
);

/** True for a whole-cent JSON number (what a money field may be); the test's own oracle. */
function isWholeCentNumber(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && Math.round(value * 100) / 100 === value;
}

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

function isMoneyField(name: string, schema?: JsonSchema): boolean {
  return MONEY_NAME.test(name) || schema?.multipleOf === MONEY_STEP;
}

/** The paths of a JSON Schema's money fields, nested objects included (`filters.price_min`). */
function moneyPaths(schema: JsonSchema | null, prefix: string[] = []): string[][] {
  if (!schema || prefix.length > 4) return [];
  const paths: string[][] = [];
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (isMoneyField(key, property)) paths.push([...prefix, key]);
    else paths.push(...moneyPaths(property, [...prefix, key]));
  }
  for (const option of schema.anyOf ?? schema.oneOf ?? []) paths.push(...moneyPaths(option, prefix));
  return paths;
}

/** Values that fit a JSON Schema (from a zod schema): the "valid" side of the fuzzing. */
function conforming(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((option) => conforming(option, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.emailAddress();
      const maxLength = Math.min(schema.maxLength ?? 60, 60);
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern);
        return fc.stringMatching(pattern).filter((text) => text.length <= (schema.maxLength ?? Infinity));
      }
      return fc.string({
        minLength: schema.minLength ?? 0,
        maxLength: Math.max(maxLength, schema.minLength ?? 0),
      });
    }
    case 'integer':
    case 'number': {
      const min =
        schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
      const max =
        schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
      return type === 'integer'
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) })
        : fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? conforming(schema.items, depth + 1) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(Math.min(schema.maxItems ?? 3, 3), schema.minItems ?? 0),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, property]) => [
            key,
            isMoneyField(key, property)
              ? fc.oneof(conforming(property, depth + 1), moneyValue)
              : conforming(property, depth + 1),
          ]),
        ),
        { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The JSON Schema of a request part's zod schema, or null. */
function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return null;
  }
}

/** The field names of a zod object schema, also one read through a transform (the listing body), or none. */
function fieldsOf(schema: unknown): string[] {
  if (schema instanceof z.ZodPipe) return fieldsOf(schema.in);
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/** A body: an object over the schema's fields (some left out, some unknown added), or any JSON. */
function bodyFor(route: RouteEntry): fc.Arbitrary<unknown> {
  const fields = fieldsOf(route.schema?.body);
  const record = fc.record(
    Object.fromEntries(
      fields.map((field) => [field, isMoneyField(field) ? fc.oneof(moneyValue, value) : value]),
    ),
    { requiredKeys: [] },
  );
  const valid = jsonSchemaOf(route.schema?.body);
  return fc.oneof(
    ...(valid ? [{ weight: 3, arbitrary: conforming(valid) }] : []),
    { weight: 4, arbitrary: record },
    {
      weight: 1,
      arbitrary: fc
        .tuple(record, fc.dictionary(fc.string(), value, { maxKeys: 3 }))
        .map(([a, b]) => ({ ...b, ...a })),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

/** A query string over the schema's parameters, values as text (arrays as repeats). */
function queryFor(route: RouteEntry): fc.Arbitrary<string> {
  const fields = fieldsOf(route.schema?.querystring);
  if (fields.length === 0) return fc.constant('');
  const valid = jsonSchemaOf(route.schema?.querystring);
  const fuzzed = fc.record(Object.fromEntries(fields.map((field) => [field, value])), { requiredKeys: [] });
  return (valid ? fc.oneof(conforming(valid), fuzzed) : fuzzed)
    .map((raw) => (raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {}))
    .map((query) => {
      const search = new URLSearchParams();
      for (const [key, raw] of Object.entries(query)) {
        for (const item of Array.isArray(raw) ? raw : [raw]) {
          search.append(key, typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
        }
      }
      const text = search.toString();
      return text ? `?${text}` : '';
    });
}

/** The URL with each path parameter replaced by a fuzzed value (a real listing's id now and then). */
function pathFor(route: RouteEntry, realIds: string[]): fc.Arbitrary<string> {
  const params = [...route.url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
  if (params.length === 0) return fc.constant(route.url);
  const param = fc.oneof(
    fc.constantFrom(...realIds),
    // (A lone surrogate cannot be percent-encoded: the query and body carry it instead.)
    fc.constantFrom(
      ...NASTY_STRINGS.filter((text) => text.length < 200 && text.length > 0 && text !== '\uD800'),
    ),
    fc.string({ minLength: 1, maxLength: 40 }),
  );
  return fc.array(param, { minLength: params.length, maxLength: params.length }).map((values) => {
    let index = 0;
    return route.url.replace(/:\w+|\*/g, () => encodeURIComponent(values[index++]!));
  });
}

let cookie: string;
let realIds: string[];
const tally = { requests: 0, rejected: 0, accepted: 0, routes: 0 };

beforeAll(async () => {
  // An admin (past most guards, so that the input reaches validation and the services).
  const admin = await buildUser(t.database.db, { adminRole: 'admin' });
  cookie = await signIn(t.app, admin.email, admin.password, uniqueIp());
  const listing = await buildListing(t.database.db, admin.id);
  realIds = [listing.id, admin.id];
});

describe('input fuzzing', () => {
  it('no route answers 5xx or shows internals, and a rejected request writes nothing', async () => {
    const routes = t.app.routeTable
      .filter((route) => route.method !== 'HEAD' && route.url !== '/api/realtime')
      .sort(
        (a, b) =>
          Number(ENDS_SESSION.has(`${a.method} ${a.url}`)) - Number(ENDS_SESSION.has(`${b.method} ${b.url}`)),
      );
    for (const route of routes) {
      const before = await rowCounts(t.database.db, WRITTEN_ON_REJECTION);
      let everyOneRejected = true;
      const request = fc.record({
        path: pathFor(route, realIds),
        query: queryFor(route),
        body: bodyFor(route),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ path, query, body }) => {
          const withBody = route.method !== 'GET' && route.method !== 'DELETE';
          const response = await t.app.inject({
            method: route.method as 'GET',
            url: `${path}${query}`,
            remoteAddress: uniqueIp(),
            headers: { cookie, ...(withBody ? { 'content-type': 'application/json' } : {}) },
            ...(withBody ? { payload: JSON.stringify(body) ?? 'null' } : {}),
          });
          tally.requests += 1;
          if (response.statusCode >= 200 && response.statusCode < 300) {
            tally.accepted += 1;
            everyOneRejected = false;
          } else tally.rejected += 1;
          const where = `${route.method} ${route.url} → ${response.statusCode}`;
          expect(response.statusCode, `${where} ${response.body.slice(0, 300)}`).toBeLessThan(500);
          if (response.statusCode >= 400 && route.url.startsWith('/api/')) {
            for (const internals of INTERNALS) expect(response.body, where).not.toMatch(internals);
          }
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
      );
      tally.routes += 1;
      if (everyOneRejected) {
        expect(
          await rowCounts(t.database.db, WRITTEN_ON_REJECTION),
          `${route.method} ${route.url} rejected everything yet wrote`,
        ).toEqual(before);
      }
    }
    recordFigure(
      `input fuzzing (${testEngine()})`,
      `${tally.requests} requests over ${tally.routes} routes (${tally.rejected} rejected, ${tally.accepted} accepted), no 5xx, no internals shown, nothing written by a rejected route`,
    );
    expect(tally.requests).toBe(tally.routes * RUNS_PER_ROUTE);
  }, 300_000);
});

/** A valid request of each route that has a money field: its URL and a body that passes as it is. */
interface MoneyRoute {
  url: string;
  body: Record<string, unknown>;
}

/** Sets `path` in a copy of `body` (nested objects copied along the way). */
function withValueAt(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) return { ...body, [head]: value };
  const inner = (body[head] && typeof body[head] === 'object' ? body[head] : {}) as Record<string, unknown>;
  return { ...body, [head]: withValueAt(inner, rest, value) };
}

const SHIPPED = { handover: 'both', shipping_price: 6 };

describe('input fuzzing: money fields', () => {
  let member: Member;
  const valid = new Map<string, MoneyRoute>();

  beforeAll(async () => {
    // A member of their own (the admin above may have used up their offers and alerts).
    member = await signedInMember(t.app, t.database.db);
    const other = await buildUser(t.database.db);
    const own = await buildListing(t.database.db, member.id, { price: 40 });
    const theirs = await buildListing(t.database.db, other.id, { price: 40 });
    const offered = await buildOffer(t.database.db, own, other.id, { amount: 30 });
    const alert = await buildAlert(t.database.db, member.id, { name: 'Reels', filters: { q: 'reel' } });
    const entries: [string, MoneyRoute][] = [
      // Shipped, so that the shipping price counts.
      ['POST /api/listings', { url: '/api/listings', body: tackleBody(SHIPPED) }],
      ['PUT /api/listings/:id', { url: `/api/listings/${own.id}`, body: tackleBody(SHIPPED) }],
      ['POST /api/listings/:id/offers', { url: `/api/listings/${theirs.id}/offers`, body: { amount: 30 } }],
      ['POST /api/offers/:id/counter', { url: `/api/offers/${offered.id}/counter`, body: { amount: 35 } }],
      ['POST /api/alerts', { url: '/api/alerts', body: { name: 'Cheap reels', filters: { q: 'reel' } } }],
      ['PATCH /api/alerts/:id', { url: `/api/alerts/${alert.id}`, body: { filters: { q: 'reel' } } }],
    ];
    for (const [key, entry] of entries) valid.set(key, entry);
  });

  it('every money edge value in an otherwise valid body: 400 naming the field unless whole cents, never 5xx', async () => {
    const routes = t.app.routeTable
      .map((route) => ({ route, paths: moneyPaths(jsonSchemaOf(route.schema?.body)) }))
      .filter(({ paths }) => paths.length > 0);
    // A route that gains a money field needs a valid request here.
    expect(routes.map(({ route }) => `${route.method} ${route.url}`).sort()).toEqual(
      [...valid.keys()].sort(),
    );
    // Every edge value in turn, refused ones first: a value that passes may change what the route
    // allows next (a counter closes the offer to further counters).
    const values = [...MONEY_EDGES].sort(
      (a, b) => Number(isWholeCentNumber(a)) - Number(isWholeCentNumber(b)),
    );
    let requests = 0;
    for (const { route, paths } of routes) {
      const request = valid.get(`${route.method} ${route.url}`)!;
      for (const path of paths) {
        for (const money of values) {
          const response = await t.app.inject({
            method: route.method as 'POST',
            url: request.url,
            remoteAddress: uniqueIp(),
            headers: { cookie: member.cookie, 'content-type': 'application/json' },
            payload: JSON.stringify(withValueAt(request.body, path, money)),
          });
          requests += 1;
          const where = `${route.method} ${route.url} ${path.join('.')}=${JSON.stringify(money)} → ${response.statusCode}`;
          expect(response.statusCode, `${where} ${response.body.slice(0, 300)}`).toBeLessThan(500);
          for (const internals of INTERNALS) expect(response.body, where).not.toMatch(internals);
          if (!isWholeCentNumber(money)) {
            expect(response.statusCode, `${where} ${response.body.slice(0, 300)}`).toBe(400);
            const issues = (response.json() as { error: { issues?: { path: string }[] } }).error.issues;
            expect(
              issues?.map((issue) => issue.path),
              where,
            ).toContain(path.join('.'));
          }
        }
      }
    }
    recordFigure(
      `money fuzzing (${testEngine()})`,
      `${requests} requests over ${routes.length} routes with money fields, each edge value in a valid body: no 5xx, what is not whole cents answers 400 naming the field`,
    );
  }, 120_000);
});
