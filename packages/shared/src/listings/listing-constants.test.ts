import { describe, expect, it } from 'vitest';
import { LISTING_SORTS, parsePriceRange } from './listing-constants.js';

describe('parsePriceRange', () => {
  it.each([
    [undefined, null, null],
    ['', null, null],
    ['50-200', 50, 200],
    ['50-', 50, null],
    ['-200', null, 200],
    ['0-0', 0, 0],
    ['12.5-99.99', 12.5, 99.99],
    [' 50 - 200 ', 50, 200],
    ['50-200-300', 50, 200],
    ['1e3-2e3', 1000, 2000],
  ])('reads %j as min %j, max %j', (range, min, max) => {
    expect(parsePriceRange(range)).toEqual({ min, max });
  });

  it.each([
    ['abc-200', null, 200],
    ['50-xyz', 50, null],
    ['-', null, null],
    ['-5-10', null, 5],
    ['Infinity-', null, null],
  ])('ignores a non-numeric, infinite or missing bound: %j is min %j, max %j', (range, min, max) => {
    expect(parsePriceRange(range)).toEqual({ min, max });
  });
});

describe('LISTING_SORTS', () => {
  it('lists each sort once', () => {
    expect(new Set(LISTING_SORTS).size).toBe(LISTING_SORTS.length);
  });
});
