import { describe, expect, it } from 'vitest';
import { formatCount, formatDollars } from './format-number';

describe('numbers as Castline writes them', () => {
  it('groups thousands in counts', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1250)).toBe('1,250');
    expect(formatCount(1_000_000)).toBe('1,000,000');
    expect(formatCount(2.5)).toBe('2.5');
  });

  it('writes whole dollars without cents and cents when there are some, whichever came first', () => {
    expect(formatDollars(0.5)).toBe('$0.50');
    expect(formatDollars(1250)).toBe('$1,250');
    expect(formatDollars(12.99)).toBe('$12.99');
    expect(formatDollars(40)).toBe('$40');
    expect(formatDollars(1234.1)).toBe('$1,234.10');
  });
});
