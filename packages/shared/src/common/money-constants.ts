// Money's plain values (no zod): pages format and check amounts without the schemas.

/**
 * Money is whole cents: the database keeps numeric(12, 2). A finer amount would be rounded there,
 * and one below half a cent to 0.00, which the columns' "> 0" checks refuse.
 */
export const MONEY_STEP = 0.01;

/**
 * A money field's mark in its JSON Schema (the OpenAPI document, and the input fuzzer's way of
 * finding money fields): whole cents. The schemas check it with isWholeCents, not with zod's
 * multipleOf(0.01), which lets 1e-320 through.
 */
export const MONEY_JSON_SCHEMA = { multipleOf: MONEY_STEP } as const;

/**
 * True for a finite number in whole cents: 12, 0.5, 19.99; not 0.001, 0.005, 1e-320 or 12.345.
 * Exact for every amount up to 2^53 cents: a decimal with at most two places, parsed from JSON, is
 * the same double as its count of cents divided by 100.
 */
export function isWholeCents(value: number): boolean {
  return Number.isFinite(value) && Math.round(value * 100) / 100 === value;
}

export interface MoneyAmountOptions {
  /** The smallest amount; with `exclusiveMin`, amounts must be above it. */
  min: number;
  exclusiveMin?: boolean;
  max: number;
  /** The text for anything that is not a whole-cent number at or above the minimum. */
  invalid: string;
  /** The text for an amount above `max` (defaults to `invalid`). */
  tooHigh?: string;
}
