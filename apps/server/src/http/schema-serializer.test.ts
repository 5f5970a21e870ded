import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaSerializer } from './schema-serializer.js';

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
