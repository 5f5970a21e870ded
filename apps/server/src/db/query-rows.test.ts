import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.js';
import { queryRows, timestampText, type DatabaseHandle } from './client.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const statement = (text: string) => ({ text, params: [] });

describe('compiled reads with timestamps as text', () => {
  it("writes the database's timestamps exactly as a Date would, without making one", async () => {
    const select = statement(`
      select t from (values
        ('2026-11-25 10:00:00.123456+00'::timestamptz),
        ('2026-11-25 10:00:00+00'::timestamptz),
        ('2026-01-02 03:04:05.1+00'::timestamptz),
        ('2026-01-02 03:04:05.999999+00'::timestamptz),
        ('1999-12-31 23:59:59.5-08'::timestamptz)
      ) as v(t) order by t`);
    const asDates = (await queryRows(database.db, select, {})).map(([value]) =>
      (value as Date).toISOString(),
    );
    const asText = (await queryRows(database.db, select, {}, { timestampsAsText: true })).map(([value]) => {
      expect(typeof value).toBe('string');
      return timestampText(value);
    });
    expect(asText).toEqual(asDates);
    expect(asText).toEqual([
      '2000-01-01T07:59:59.500Z',
      '2026-01-02T03:04:05.100Z',
      '2026-01-02T03:04:05.999Z',
      '2026-11-25T10:00:00.000Z',
      '2026-11-25T10:00:00.123Z',
    ]);
  });

  it('reads a timestamp written in another zone through a Date', () => {
    expect(timestampText('2026-11-25 11:00:00.25+01')).toBe('2026-11-25T10:00:00.250Z');
    expect(timestampText(new Date('2026-11-25T10:00:00.000Z'))).toBe('2026-11-25T10:00:00.000Z');
  });
});
