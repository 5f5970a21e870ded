/*
 * Formatters are made once and reused: making an Intl formatter costs far more than using one,
 * and a page of 24 listing cards used to make three each while it rendered.
 */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

let relative: Intl.RelativeTimeFormat | undefined;
let dateTime: Intl.DateTimeFormat | undefined;
let longDate: Intl.DateTimeFormat | undefined;

/** "just now", "5 minutes ago", "yesterday" … relative to `now`. */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  if (Number.isNaN(seconds)) return '';
  if (Math.abs(seconds) < 60) return 'just now';
  relative ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(Math.round(seconds / 60), 'minute');
}

/** A full local date and time, for tooltips and <time> titles. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  dateTime ??= new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
  return dateTime.format(date);
}

/** A date alone, spelled out ("January 1, 2025"), e.g. for "Member since". */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  longDate ??= new Intl.DateTimeFormat('en', { dateStyle: 'long' });
  return longDate.format(date);
}
