/*
 * Numbers as Castline writes them ("1,250", "$1,250", "$12.99"), from formatters made once:
 * `toLocaleString('en-US')` makes a new formatter on every call, which shows when a page of
 * cards renders.
 */
let counts: Intl.NumberFormat | undefined;
let wholeDollars: Intl.NumberFormat | undefined;
let dollarsAndCents: Intl.NumberFormat | undefined;

/** "1,250". */
export function formatCount(value: number): string {
  counts ??= new Intl.NumberFormat('en-US');
  return counts.format(value);
}

/** "$1,250" for whole dollars, "$0.50" or "$12.99" when there are cents. */
export function formatDollars(value: number): string {
  if (Math.round(value * 100) % 100 !== 0) {
    dollarsAndCents ??= new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    return dollarsAndCents.format(value);
  }
  wholeDollars ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  return wholeDollars.format(value);
}
