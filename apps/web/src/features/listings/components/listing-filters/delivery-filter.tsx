import type { HandoverFilter } from '@castline/shared';
import { useId } from 'react';
import type { ListingFilters } from '../../api/listing-queries';

type DeliveryFilters = Pick<ListingFilters, 'handover' | 'freeShipping'>;

const CHOICES: { value: HandoverFilter | null; label: string }[] = [
  { value: null, label: 'Any' },
  { value: 'pickup', label: 'Local pickup' },
  { value: 'shipping', label: 'Shipping' },
];

// As the panel's other groups draw them (filter-fields.tsx), kept here so that this group, loaded
// after the panel, brings no shared code of its own.
const ROW = 'flex min-h-9 cursor-pointer items-center gap-2.5 rounded-md text-sm text-ink hover:text-brand';
const CONTROL =
  'size-4.5 shrink-0 rounded border-line accent-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** The "Delivery" group: any handover, local pickup or shipping (one of them), and free shipping. */
export function DeliveryFilter({
  filters,
  onChange,
}: {
  filters: DeliveryFilters;
  onChange: (values: Partial<DeliveryFilters>) => void;
}) {
  // The panel may be drawn twice (the sidebar and the phone's sheet): each group its own name.
  const name = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-2 border-t border-line pt-4">
      <legend className="float-left mb-1 w-full text-sm font-semibold text-ink">Delivery</legend>
      {CHOICES.map((choice) => (
        <label key={choice.label} className={ROW}>
          <input
            type="radio"
            name={name}
            value={choice.value ?? ''}
            checked={filters.handover === choice.value}
            onChange={() => onChange({ handover: choice.value })}
            className={CONTROL}
          />
          {choice.label}
        </label>
      ))}
      <label className={ROW}>
        <input
          type="checkbox"
          checked={filters.freeShipping}
          onChange={(event) => onChange({ freeShipping: event.target.checked })}
          className={CONTROL}
        />
        Free shipping
      </label>
    </fieldset>
  );
}
