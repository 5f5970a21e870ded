import { describe, expect, it } from 'vitest';
import { formatMiles } from './format-miles';

describe('formatMiles', () => {
  it.each([
    [0, 'less than 0.1 miles'],
    [0.04, 'less than 0.1 miles'],
    [0.4, '0.4 miles'],
    [1, '1 mile'],
    [0.98, '1 mile'],
    [2.46, '2.5 miles'],
    [9.96, '10 miles'],
    [25, '25 miles'],
    [1204.4, '1,204 miles'],
  ])('%s → %s', (miles, text) => {
    expect(formatMiles(miles)).toBe(text);
  });

  it('answers an empty text for a distance that is not one', () => {
    expect(formatMiles(Number.NaN)).toBe('');
    expect(formatMiles(-1)).toBe('');
    expect(formatMiles(Number.POSITIVE_INFINITY)).toBe('');
  });
});
