import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nullableAsTypeList, schemaSerializer } from './schema-serializer.js';

const Dto = z.object({
  id: z.string(),
  price: z.number(),
  seller: z.object({ username: z.string(), avatar_url: z.string().nullable() }),
  tags: z.array(z.string()),
  sold_at: z.string().nullable(),
  distance: z.number().nullable().optional(),
});

const serialize = (data: unknown) => schemaSerializer({ schema: Dto, method: 'GET', url: '/x' })(data);

describe('schemaSerializer', () => {
  it('writes what zod would write for a body that fits the schema', () => {
    const body = {
      id: 'a',
      price: 12.5,
      seller: { username: 'angler "one" <b>', avatar_url: null },
      tags: ['Saltwater', 'Fly'],
      sold_at: null,
      distance: 3.2,
    };
    expect(JSON.parse(serialize(body))).toEqual(z.encode(Dto, body));
  });

  it('leaves out every field the schema does not name, nested ones too', () => {
    const out = JSON.parse(
      serialize({
        id: 'a',
        price: 1,
        password_hash: 'secret',
        seller: { username: 'u', avatar_url: null, email: 'u@example.com' },
        tags: [],
        sold_at: null,
      }),
    );
    expect(out).toEqual({
      id: 'a',
      price: 1,
      seller: { username: 'u', avatar_url: null },
      tags: [],
      sold_at: null,
    });
    expect(JSON.stringify(out)).not.toMatch(/secret|example\.com/);
  });
});

// A listing's nullable fields: zod writes them as `anyOf` with a null branch.
const Gear = z.object({
  reel_type: z.enum(['spinning', 'fly']).nullable(),
  handling_days: z.number().int().nullable(),
  location_coordinates: z.object({ lat: z.number().min(-90).max(90), lng: z.number() }).nullable(),
});
const serializeGear = (data: unknown) => schemaSerializer({ schema: Gear, method: 'GET', url: '/x' })(data);

describe('nullable objects, enums and whole numbers', () => {
  it('are written as zod writes them, null or not, and an object keeps only its named fields', () => {
    const full: z.input<typeof Gear> = {
      reel_type: 'fly',
      handling_days: 3,
      location_coordinates: { lat: 30.27, lng: -97.74 },
    };
    expect(JSON.parse(serializeGear(full))).toEqual(z.encode(Gear, full));
    const empty = { reel_type: null, handling_days: null, location_coordinates: null };
    expect(JSON.parse(serializeGear(empty))).toEqual(empty);
    const extra = { ...full, location_coordinates: { lat: 1, lng: 2, address: '12 Dock Rd' } };
    expect(JSON.parse(serializeGear(extra)).location_coordinates).toEqual({ lat: 1, lng: 2 });
  });

  it('still refuse a value of neither type', () => {
    expect(() =>
      serializeGear({ reel_type: null, handling_days: 'three', location_coordinates: null }),
    ).toThrow(TypeError);
    expect(() => serializeGear({ reel_type: 42, handling_days: null, location_coordinates: null })).toThrow(
      TypeError,
    );
  });

  it('become one schema with a type list, without a union to validate branch by branch', () => {
    const schema = z.toJSONSchema(Gear, { target: 'draft-07', io: 'output' });
    const properties = (nullableAsTypeList(schema) as { properties: Record<string, Record<string, unknown>> })
      .properties;
    expect(properties.reel_type).toEqual({ type: ['string', 'null'], enum: ['spinning', 'fly'] });
    expect(properties.handling_days).toMatchObject({ type: ['integer', 'null'] });
    expect(properties.location_coordinates).toMatchObject({
      type: ['object', 'null'],
      required: ['lat', 'lng'],
    });
    expect(JSON.stringify(properties)).not.toContain('anyOf');
  });
});
