import type { Category } from '@castline/shared';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { shownGuide, useGearPriceGuide, type PricedGear } from '../../api/price-guide.api';

/** How long the gear must stay as typed before the form asks what it sold for. */
export const PRICE_HINT_DEBOUNCE_MS = 400;

export type PriceHintProps = PricedGear;

/**
 * Dollars as Castline writes them ("$80", "$12.50"), made here rather than imported from
 * lib/format-number: that module shares a chunk with the listing cards', which this hint's
 * lazy chunk would otherwise split from them on every page that shows cards.
 */
let dollars: Intl.NumberFormat | undefined;
function formatPrice(value: number): string {
  dollars ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 2,
  });
  return dollars.format(value).replace(/\.00$/, '');
}

/** "$80–$120", or "$80" when every sale was at one price. */
export function priceRangeText(low: number, high: number): string {
  return low === high ? formatPrice(low) : `${formatPrice(low)}–${formatPrice(high)}`;
}

/**
 * Under the listing form's price: "Similar items sold for $X–$Y", once brand, model and category
 * are filled and enough such gear sold on Castline; otherwise nothing. Read out when it appears.
 */
export function PriceHint({ brand, model, category }: PriceHintProps) {
  // The three as one value, which settles once the member stops typing in any of them.
  const settled = useDebouncedValue(JSON.stringify([brand, model, category]), PRICE_HINT_DEBOUNCE_MS);
  const [settledBrand, settledModel, settledCategory] = JSON.parse(settled) as [
    string,
    string,
    Category | '',
  ];
  const guide = shownGuide(
    useGearPriceGuide({ brand: settledBrand, model: settledModel, category: settledCategory }).data,
  );
  return (
    <p aria-live="polite" className="mt-1.5 text-sm text-ink-muted">
      {guide && `Similar items sold for ${priceRangeText(guide.low, guide.high)}`}
    </p>
  );
}
