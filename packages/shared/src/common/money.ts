import { z } from 'zod';
import { isWholeCents, MONEY_JSON_SCHEMA, type MoneyAmountOptions } from './money-constants.js';

/**
 * A money amount in a JSON body: a number (never text, a boolean or a list), within its range,
 * in whole cents. Each failure is one issue on the field: `invalid`, or `tooHigh` above the range.
 */
export function moneyAmount({
  min,
  exclusiveMin = false,
  max,
  invalid,
  tooHigh = invalid,
}: MoneyAmountOptions) {
  const number = z.number({ error: invalid });
  const atLeast = exclusiveMin
    ? number.gt(min, { error: invalid, abort: true })
    : number.gte(min, { error: invalid, abort: true });
  return atLeast
    .lte(max, { error: tooHigh, abort: true })
    .refine(isWholeCents, { error: invalid })
    .meta(MONEY_JSON_SCHEMA);
}
