import {
  LISTING_PRICE_MAX,
  REEL_BRANDS,
  ROD_BRANDS,
  ROD_LENGTH_FEET_MAX,
  tagsInGroup,
  type TagSlug,
} from '@castline/shared';
import { lazy, Suspense } from 'react';
import type { ListingFilters } from '../../api/listing-queries';
import { showsReelFilters, showsRodFilters } from '../../api/listing-queries';
import {
  CheckboxGroup,
  CheckboxRow,
  DebouncedNumberField,
  DebouncedTextField,
  FilterGroup,
} from './filter-fields';
import {
  CATEGORY_OPTIONS,
  CONDITION_OPTIONS,
  GEAR_TYPE_OPTIONS,
  REEL_TYPE_OPTIONS,
  ROD_MATERIAL_OPTIONS,
  ROD_POWER_OPTIONS,
} from './filter-labels';
import { LocationFilter } from './location-filter';
import type { FiltersUpdate } from './use-listing-filters';

// The delivery group loads just after the panel, off the marketplace's first load.
const DeliveryFilter = lazy(() =>
  import('./delivery-filter').then((module) => ({ default: module.DeliveryFilter })),
);

/** Species and technique tags: a listing matches when it carries all of those chosen. */
const tagOptions = (group: 'species' | 'technique') =>
  tagsInGroup(group).map((tag) => ({ value: tag.slug as TagSlug, label: tag.label }));
const SPECIES_OPTIONS = tagOptions('species');
const TECHNIQUE_OPTIONS = tagOptions('technique');
const SPECIES = new Set<string>(SPECIES_OPTIONS.map((option) => option.value));
const isSpecies = (tag: string) => SPECIES.has(tag);

const BRAND_SUGGESTIONS = [...new Set([...ROD_BRANDS, ...REEL_BRANDS])].sort((a, b) =>
  a.localeCompare(b, 'en'),
);

/** Feet in the form, inches in the address: 6.5 ft ↔ 78 in. */
function feetOf(inches: number | null): number | null {
  return inches === null ? null : Math.round((inches / 12) * 100) / 100;
}
function inchesOf(feet: number | null): number | null {
  return feet === null ? null : Math.round(feet * 12);
}

interface ListingFilterPanelProps {
  filters: ListingFilters;
  onChange: (update: FiltersUpdate) => void;
}

/** Every marketplace filter; each change applies at once (text and numbers after a pause in typing). */
export function ListingFilterPanel({ filters, onChange }: ListingFilterPanelProps) {
  const patch = (values: Partial<ListingFilters>) => onChange((current) => ({ ...current, ...values }));
  const rods = showsRodFilters(filters.category);
  const reels = showsReelFilters(filters.category);

  return (
    <div className="flex flex-col gap-4">
      <CheckboxGroup
        legend="Category"
        options={CATEGORY_OPTIONS}
        values={filters.category}
        onChange={(category) => patch({ category })}
      />
      <CheckboxGroup
        legend="Condition"
        options={CONDITION_OPTIONS}
        values={filters.condition}
        onChange={(condition) => patch({ condition })}
      />
      <CheckboxGroup
        legend="Gear type"
        options={GEAR_TYPE_OPTIONS}
        values={filters.gear_types}
        onChange={(gear_types) => patch({ gear_types })}
      />
      <CheckboxGroup
        legend="Species"
        options={SPECIES_OPTIONS}
        values={filters.tags}
        columns={2}
        onChange={(species) =>
          patch({ tags: [...species, ...filters.tags.filter((tag) => !isSpecies(tag))] })
        }
      />
      <CheckboxGroup
        legend="Technique"
        options={TECHNIQUE_OPTIONS}
        values={filters.tags}
        columns={2}
        onChange={(techniques) =>
          patch({ tags: [...filters.tags.filter((tag) => isSpecies(tag)), ...techniques] })
        }
      />
      <FilterGroup legend="Price">
        <div className="flex gap-2">
          <DebouncedNumberField
            label="Min price"
            prefix="$"
            value={filters.priceMin}
            min={0}
            max={LISTING_PRICE_MAX}
            placeholder="0"
            onCommit={(priceMin) => patch({ priceMin })}
          />
          <DebouncedNumberField
            label="Max price"
            prefix="$"
            value={filters.priceMax}
            min={0}
            max={LISTING_PRICE_MAX}
            placeholder="Any"
            onCommit={(priceMax) => patch({ priceMax })}
          />
        </div>
      </FilterGroup>
      <LocationFilter
        near={filters.near}
        radius={filters.radius}
        onChange={(near, radius) => patch({ near, radius })}
      />
      {rods && (
        <>
          <CheckboxGroup
            legend="Rod power"
            options={ROD_POWER_OPTIONS}
            values={filters.rod_power}
            onChange={(rod_power) => patch({ rod_power })}
          />
          <CheckboxGroup
            legend="Rod material"
            options={ROD_MATERIAL_OPTIONS}
            values={filters.rod_composition}
            onChange={(rod_composition) => patch({ rod_composition })}
          />
          <FilterGroup legend="Rod length">
            <div className="flex gap-2">
              <DebouncedNumberField
                label="Min length (ft)"
                value={feetOf(filters.rodLengthMin)}
                min={0}
                max={ROD_LENGTH_FEET_MAX}
                step={0.5}
                placeholder="0"
                onCommit={(feet) => patch({ rodLengthMin: inchesOf(feet) })}
              />
              <DebouncedNumberField
                label="Max length (ft)"
                value={feetOf(filters.rodLengthMax)}
                min={0}
                max={ROD_LENGTH_FEET_MAX}
                step={0.5}
                placeholder="Any"
                onCommit={(feet) => patch({ rodLengthMax: inchesOf(feet) })}
              />
            </div>
          </FilterGroup>
        </>
      )}
      {reels && (
        <CheckboxGroup
          legend="Reel type"
          options={REEL_TYPE_OPTIONS}
          values={filters.reel_type}
          onChange={(reel_type) => patch({ reel_type })}
        />
      )}
      <FilterGroup legend="Brand">
        <DebouncedTextField
          label="Brand"
          value={filters.brand}
          maxLength={80}
          placeholder="Any brand"
          suggestions={BRAND_SUGGESTIONS}
          onCommit={(brand) => patch({ brand })}
        />
      </FilterGroup>
      <FilterGroup legend="Show">
        <CheckboxRow
          label="Featured gear only"
          checked={filters.featured}
          onChange={(featured) => patch({ featured })}
        />
        <CheckboxRow label="Sold gear only" checked={filters.sold} onChange={(sold) => patch({ sold })} />
      </FilterGroup>
      {/* Last, so that the group arriving just after the panel moves none of the others. */}
      <Suspense fallback={null}>
        <DeliveryFilter filters={filters} onChange={patch} />
      </Suspense>
    </div>
  );
}
