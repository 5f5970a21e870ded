// Formatters made once (making one costs far more than using it): a conversation labels every message.
let thisYear: Intl.DateTimeFormat | undefined;
let otherYear: Intl.DateTimeFormat | undefined;
let clock: Intl.DateTimeFormat | undefined;

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** The local calendar day of a time, as a key ("2025-3-14"). */
export function dayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** "Today", "Yesterday", "Monday, March 3" or, in another year, "March 3, 2024". */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (date.getFullYear() === now.getFullYear()) {
    thisYear ??= new Intl.DateTimeFormat('en', { weekday: 'long', month: 'long', day: 'numeric' });
    return thisYear.format(date);
  }
  otherYear ??= new Intl.DateTimeFormat('en', { dateStyle: 'long' });
  return otherYear.format(date);
}

/** "14:05" in the member's own clock style. */
export function timeOfDay(iso: string): string {
  clock ??= new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' });
  return clock.format(new Date(iso));
}
