import type { Option } from '@castline/shared';

/** "7 ft 6 in", "7 ft", "9 in"; null when the listing has no rod length. */
export function formatRodLength(feet: number | null, inches: number | null): string | null {
  const ft = feet ?? 0;
  const inch = inches ?? 0;
  if (ft <= 0 && inch <= 0) return null;
  const parts = [ft > 0 ? `${ft} ft` : null, inch > 0 ? `${inch} in` : null];
  return parts.filter(Boolean).join(' ');
}

/** The label shown for a stored value; the value itself when the list does not know it. */
export function labelOf<V extends string>(options: readonly Option<V>[], value: V): string;
export function labelOf<V extends string>(options: readonly Option<V>[], value: V | null): string | null;
export function labelOf<V extends string>(options: readonly Option<V>[], value: V | null): string | null {
  if (value === null) return null;
  return options.find((option) => option.value === value)?.label ?? value;
}

/** "4.8" */
export function formatRating(rating: number): string {
  return rating.toFixed(1);
}

/** "1 sale", "12 sales" */
export function formatSales(count: number): string {
  return `${count} ${count === 1 ? 'sale' : 'sales'}`;
}
