/*
 * Numbers as Castline writes them ("1,250", "$1,250", "$12.99"), from formatters made once:
 * `toLocaleString('en-US')` makes a new formatter on every call, which shows when a page of
 * cards renders.
 */
let counts: Intl.NumberFormat | undefined;
/** Dollar formatters by the number of cent digits shown (0 or 2). */
const dollars = new Map<number, Intl.NumberFormat>();

/** "1,250". */
export function formatCount(value: number): string {
  counts ??= new Intl.NumberFormat('en-US');
  return counts.format(value);
}

/** "$1,250" for whole dollars, "$0.50" or "$12.99" when there are cents. */
export function formatDollars(value: number): string {
  const digits = Math.round(value * 100) % 100 !== 0 ? 2 : 0;
  let format = dollars.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    dollars.set(digits, format);
  }
  return format.format(value);
}
