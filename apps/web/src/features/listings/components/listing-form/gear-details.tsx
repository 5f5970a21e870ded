import type { Option } from '@castline/shared';
import {
  DRAG_SYSTEM_OPTIONS,
  OTHER_BRAND,
  REEL_BRANDS,
  REEL_TYPE_OPTIONS,
  ROD_BRANDS,
  ROD_LENGTH_FEET_MAX,
  ROD_LENGTH_INCHES_MAX,
  ROD_MATERIAL_OPTIONS,
  ROD_POWER_RATINGS,
} from '@castline/shared';
import { SelectField } from '../../../../components/ui/form-fields';
import { TextField } from '../../../../components/ui/text-field';
import type { ListingFieldErrors, ReelFilters, RodFilters } from '../../lib/listing-form-values';

const brandOptions = (brands: readonly string[]): Option[] => [
  ...brands.map((brand) => ({ value: brand, label: brand })),
  { value: OTHER_BRAND, label: OTHER_BRAND },
];
const ROD_BRAND_OPTIONS = brandOptions(ROD_BRANDS);
const REEL_BRAND_OPTIONS = brandOptions(REEL_BRANDS);
const POWER_OPTIONS: Option[] = ROD_POWER_RATINGS.map((rating) => ({ value: rating, label: rating }));

interface BrandFieldProps {
  /** "rod_brand" or "reel_brand": the error key and the field that gets focus when invalid. */
  field: 'rod_brand' | 'reel_brand';
  label: string;
  options: Option[];
  value: { brand: string; otherBrand: string };
  error: string | undefined;
  onChange: (value: { brand: string; otherBrand: string }) => void;
}

/** A brand list with 'Other', which opens a free-text brand (the text is what gets saved). */
function BrandField({ field, label, options, value, error, onChange }: BrandFieldProps) {
  const other = value.brand === OTHER_BRAND;
  return (
    <div className="flex flex-col gap-3">
      <div data-field={other ? undefined : field}>
        <SelectField
          label={label}
          name={field}
          placeholder="Select a brand"
          options={options}
          value={value.brand}
          error={other ? undefined : error}
          onChange={(event) => onChange({ brand: event.target.value, otherBrand: value.otherBrand })}
        />
      </div>
      {other && (
        <div data-field={field}>
          <TextField
            label={`Other ${label.toLowerCase()}`}
            name={`${field}_other`}
            maxLength={80}
            autoComplete="off"
            value={value.otherBrand}
            error={error}
            onChange={(event) => onChange({ brand: OTHER_BRAND, otherBrand: event.target.value })}
          />
        </div>
      )}
    </div>
  );
}

interface RodDetailsProps {
  value: RodFilters;
  errors: ListingFieldErrors;
  onChange: (value: RodFilters, touched: (keyof ListingFieldErrors)[]) => void;
}

export function RodDetails({ value, errors, onChange }: RodDetailsProps) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <BrandField
        field="rod_brand"
        label="Rod brand"
        options={ROD_BRAND_OPTIONS}
        value={value}
        error={errors.rod_brand}
        onChange={(brand) => onChange({ ...value, ...brand }, ['rod_brand'])}
      />
      <div data-field="rod_composition">
        <SelectField
          label="Composition"
          name="rod_composition"
          placeholder="Select a material"
          options={ROD_MATERIAL_OPTIONS}
          value={value.composition}
          error={errors.rod_composition}
          onChange={(event) =>
            onChange({ ...value, composition: event.target.value as RodFilters['composition'] }, [
              'rod_composition',
            ])
          }
        />
      </div>
      <div data-field="rod_power_rating">
        <SelectField
          label="Power rating"
          name="rod_power_rating"
          placeholder="Select a power rating"
          options={POWER_OPTIONS}
          value={value.powerRating}
          error={errors.rod_power_rating}
          onChange={(event) =>
            onChange({ ...value, powerRating: event.target.value as RodFilters['powerRating'] }, [
              'rod_power_rating',
            ])
          }
        />
      </div>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-ink">Rod length</legend>
        <div className="grid grid-cols-2 gap-3">
          <div data-field="rod_length_feet">
            <TextField
              label="Feet"
              name="rod_length_feet"
              type="number"
              inputMode="numeric"
              min={0}
              max={ROD_LENGTH_FEET_MAX}
              step={1}
              placeholder="0"
              value={value.length.feet}
              error={errors.rod_length_feet}
              onChange={(event) =>
                onChange({ ...value, length: { ...value.length, feet: event.target.value } }, [
                  'rod_length_feet',
                  'rod_length_inches',
                ])
              }
            />
          </div>
          <div data-field="rod_length_inches">
            <TextField
              label="Inches"
              name="rod_length_inches"
              type="number"
              inputMode="numeric"
              min={0}
              max={ROD_LENGTH_INCHES_MAX}
              step={1}
              placeholder="0"
              value={value.length.inches}
              error={errors.rod_length_inches}
              onChange={(event) =>
                onChange({ ...value, length: { ...value.length, inches: event.target.value } }, [
                  'rod_length_feet',
                  'rod_length_inches',
                ])
              }
            />
          </div>
        </div>
      </fieldset>
    </div>
  );
}

interface ReelDetailsProps {
  value: ReelFilters;
  errors: ListingFieldErrors;
  onChange: (value: ReelFilters, touched: (keyof ListingFieldErrors)[]) => void;
}

export function ReelDetails({ value, errors, onChange }: ReelDetailsProps) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <BrandField
        field="reel_brand"
        label="Reel brand"
        options={REEL_BRAND_OPTIONS}
        value={value}
        error={errors.reel_brand}
        onChange={(brand) => onChange({ ...value, ...brand }, ['reel_brand'])}
      />
      <div data-field="reel_type">
        <SelectField
          label="Reel type"
          name="reel_type"
          placeholder="Select a reel type"
          options={REEL_TYPE_OPTIONS}
          value={value.type}
          error={errors.reel_type}
          onChange={(event) =>
            onChange({ ...value, type: event.target.value as ReelFilters['type'] }, ['reel_type'])
          }
        />
      </div>
      <div data-field="reel_gear_ratio">
        <SelectField
          label="Drag System"
          name="reel_gear_ratio"
          placeholder="Select a drag system"
          options={DRAG_SYSTEM_OPTIONS}
          value={value.gearRatio}
          error={errors.reel_gear_ratio}
          onChange={(event) =>
            onChange({ ...value, gearRatio: event.target.value as ReelFilters['gearRatio'] }, [
              'reel_gear_ratio',
            ])
          }
        />
      </div>
    </div>
  );
}
