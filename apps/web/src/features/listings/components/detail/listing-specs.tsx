import type { ListingDto } from '@castline/shared';
import {
  CATEGORY_OPTIONS,
  CONDITION_OPTIONS,
  DRAG_SYSTEM_OPTIONS,
  REEL_TYPE_OPTIONS,
  ROD_MATERIAL_OPTIONS,
} from '@castline/shared';
import { useId } from 'react';
import { formatRodLength, labelOf } from './listing-format';

interface SpecRow {
  label: string;
  value: string | null;
}

interface SpecGroup {
  title: string;
  rows: SpecRow[];
}

/** The groups of facts a listing has; rows without a value are left out, and so are empty groups. */
export function specGroupsOf(listing: ListingDto): SpecGroup[] {
  const groups: SpecGroup[] = [
    {
      title: 'Details',
      rows: [
        { label: 'Condition', value: labelOf(CONDITION_OPTIONS, listing.condition) },
        { label: 'Category', value: labelOf(CATEGORY_OPTIONS, listing.category) },
        { label: 'Gear types', value: listing.gear_types.length ? listing.gear_types.join(', ') : null },
        { label: 'Brand', value: listing.brand },
        { label: 'Model', value: listing.model },
      ],
    },
    {
      title: 'Rod details',
      rows: [
        { label: 'Rod brand', value: listing.rod_brand },
        { label: 'Composition', value: labelOf(ROD_MATERIAL_OPTIONS, listing.rod_composition) },
        { label: 'Length', value: formatRodLength(listing.rod_length_feet, listing.rod_length_inches) },
        { label: 'Power', value: listing.rod_power_rating },
      ],
    },
    {
      title: 'Reel details',
      rows: [
        { label: 'Reel brand', value: listing.reel_brand },
        { label: 'Reel type', value: labelOf(REEL_TYPE_OPTIONS, listing.reel_type) },
        { label: 'Drag System', value: labelOf(DRAG_SYSTEM_OPTIONS, listing.reel_gear_ratio) },
      ],
    },
  ];
  return groups
    .map((group) => ({ ...group, rows: group.rows.filter((row) => row.value !== null && row.value !== '') }))
    .filter((group) => group.rows.length > 0);
}

function SpecSection({ group }: { group: SpecGroup }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-2 text-xs font-semibold tracking-wider text-ink-muted uppercase">
        {group.title}
      </h3>
      <dl className="divide-y divide-line overflow-hidden rounded-xl border border-line text-sm">
        {group.rows.map((row) => (
          <div
            key={row.label}
            className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 px-3 py-2.5 odd:bg-surface-muted/60 sm:px-4"
          >
            <dt className="text-ink-muted">{row.label}</dt>
            <dd className="font-medium break-words text-ink">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The listing's details as labelled rows: the item, then rod and reel details where it has them. */
export function ListingSpecs({ listing }: { listing: ListingDto }) {
  return (
    <div className="flex flex-col gap-5">
      {specGroupsOf(listing).map((group) => (
        <SpecSection key={group.title} group={group} />
      ))}
    </div>
  );
}
