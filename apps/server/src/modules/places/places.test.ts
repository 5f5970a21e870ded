import { describe, expect, it } from 'vitest';
import {
  GeocodeResultDto,
  PLACE_MESSAGES,
  PLACE_SUGGESTION_LIMIT,
  PlaceSuggestionsDto,
} from '@castline/shared';
import { useTestApp } from '../../../test/test-app.js';
import { errorOf, get } from '../../../test/factories.js';

const t = useTestApp();

function suggestions(query: string) {
  return get(t.app, `/api/places/suggestions?${query}`);
}

function geocode(query: string) {
  return get(t.app, `/api/places/geocode?${query}`);
}

describe('GET /api/places/suggestions', () => {
  it('answers suggestions without a session, best first, at most the suggestion limit', async () => {
    const response = await suggestions('input=Portland');
    expect(response.statusCode).toBe(200);
    const body = PlaceSuggestionsDto.parse(response.json());
    expect(Object.keys(response.json() as object)).toEqual(['items']);
    expect(body.items.length).toBeGreaterThan(1);
    expect(body.items.length).toBeLessThanOrEqual(PLACE_SUGGESTION_LIMIT);
    expect(body.items[0]).toEqual({
      description: 'Portland, OR, USA',
      place_id: expect.stringMatching(/^city:\d+$/),
    });
    expect(body.items.map((item) => item.description)).toContain('Portland, ME, USA');
  });

  it('keeps to the limit on a short, common prefix', async () => {
    const body = PlaceSuggestionsDto.parse((await suggestions('input=san')).json());
    expect(body.items).toHaveLength(PLACE_SUGGESTION_LIMIT);
  });

  it('offers ZIP codes for digits and filters by type', async () => {
    const zip = PlaceSuggestionsDto.parse((await suggestions('input=78701')).json());
    expect(zip.items).toEqual([{ description: 'Austin, TX 78701, USA', place_id: 'zip:78701' }]);
    const postal = PlaceSuggestionsDto.parse(
      (await suggestions('input=Austin%2C%20TX&type=postal_codes')).json(),
    );
    expect(postal.items.every((item) => item.place_id.startsWith('zip:'))).toBe(true);
    const cities = PlaceSuggestionsDto.parse((await suggestions('input=787&type=cities')).json());
    expect(cities.items).toEqual([]);
  });

  it('answers 400 "Type at least 3 characters." for shorter or missing input', async () => {
    for (const query of ['input=Au', 'input=%20%20ab%20%20', 'input=', '']) {
      const response = await suggestions(query);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: PLACE_MESSAGES.tooShort,
      });
    }
  });

  it('answers 400 for an unknown type or an overlong input', async () => {
    expect((await suggestions('input=Austin&type=planets')).statusCode).toBe(400);
    const long = await suggestions(`input=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).message).toBe(PLACE_MESSAGES.notFound);
  });
});

describe('GET /api/places/geocode', () => {
  it('geocodes free text', async () => {
    const response = await geocode(`address=${encodeURIComponent('Portland, ME')}`);
    expect(response.statusCode).toBe(200);
    const body = GeocodeResultDto.parse(response.json());
    expect(Object.keys(response.json() as object).sort()).toEqual(['formatted_address', 'lat', 'lng']);
    expect(body.formatted_address).toBe('Portland, ME, USA');
    expect(body.lat).toBeCloseTo(43.66, 1);
    expect(body.lng).toBeCloseTo(-70.26, 1);
  });

  it('resolves a chosen suggestion by its place_id', async () => {
    const [first] = PlaceSuggestionsDto.parse((await suggestions('input=Austin')).json()).items;
    const response = await geocode(`place_id=${encodeURIComponent(first!.place_id)}`);
    expect(response.statusCode).toBe(200);
    expect(GeocodeResultDto.parse(response.json()).formatted_address).toBe(first!.description);
  });

  it('answers 404 with the places message for an unknown address or id', async () => {
    for (const query of [
      'address=Qwertyuiop',
      'address=99999',
      'place_id=city%3A999999999',
      'place_id=elsewhere',
    ]) {
      const response = await geocode(query);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: PLACE_MESSAGES.notFound });
    }
  });

  it('answers 400 when neither an address nor a place_id is given', async () => {
    for (const query of ['', 'address=', 'address=%20%20']) {
      const response = await geocode(query);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: PLACE_MESSAGES.notFound,
      });
    }
  });
});
