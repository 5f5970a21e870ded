const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * A distance for people: "less than 0.1 miles", "0.4 miles", "1 mile", "2.5 miles", "25 miles",
 * "1,204 miles" (one decimal below 10 miles, whole miles from there).
 */
export function formatMiles(miles: number): string {
  if (!Number.isFinite(miles) || miles < 0) return '';
  if (miles < 0.05) return 'less than 0.1 miles';
  const text = miles < 9.95 ? oneDecimal.format(miles) : whole.format(miles);
  return `${text} ${text === '1' ? 'mile' : 'miles'}`;
}
