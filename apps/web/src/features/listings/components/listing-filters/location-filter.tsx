import { RADIUS_OPTIONS_MILES } from '@castline/shared';
import { useId, useState } from 'react';
import type { LocationValue } from '../../../places';
import { formatMiles, LocationField, UseMyLocationButton } from '../../../places';
import type { NearFilter } from '../../api/listing-queries';
import { FIELD, FilterGroup } from './filter-fields';

/** The place label of a search around the device's own position. */
export const YOUR_LOCATION = 'Your location';

interface LocationFilterProps {
  near: NearFilter | null;
  radius: number;
  onChange: (near: NearFilter | null, radius: number) => void;
}

function valueOf(near: NearFilter | null): LocationValue {
  return near
    ? { text: near.label, coordinates: { lat: near.lat, lng: near.lng } }
    : { text: '', coordinates: null };
}

function sameNear(a: NearFilter | null, b: NearFilter | null): boolean {
  return a?.label === b?.label && a?.lat === b?.lat && a?.lng === b?.lng;
}

/**
 * A place (typed and chosen from suggestions, or the device's own position) and how far around it
 * to look. The search applies once the place has coordinates; emptying the field removes it.
 */
export function LocationFilter({ near, radius, onChange }: LocationFilterProps) {
  const radiusId = useId();
  const hintId = useId();
  const [value, setValue] = useState<LocationValue>(() => valueOf(near));
  // The field follows the applied place when it changes elsewhere (its chip removed, Clear all).
  const [seenNear, setSeenNear] = useState(near);
  if (!sameNear(near, seenNear)) {
    setSeenNear(near);
    setValue(valueOf(near));
  }

  const radiusOptions: number[] = (RADIUS_OPTIONS_MILES as readonly number[]).includes(radius)
    ? [...RADIUS_OPTIONS_MILES]
    : [...RADIUS_OPTIONS_MILES, radius].sort((a, b) => a - b);

  return (
    <FilterGroup legend="Location">
      <LocationField
        label="Near"
        type="any"
        placeholder="City or ZIP code"
        value={value}
        onChange={(next) => {
          setValue(next);
          const text = next.text.trim();
          if (next.coordinates && text) {
            onChange({ label: text, lat: next.coordinates.lat, lng: next.coordinates.lng }, radius);
          } else if (!text && near) {
            onChange(null, radius);
          }
        }}
        className="[&_label]:text-xs [&_label]:text-ink-muted"
      />
      <UseMyLocationButton
        onLocate={(coordinates) => {
          setValue({ text: YOUR_LOCATION, coordinates });
          onChange({ label: YOUR_LOCATION, ...coordinates }, radius);
        }}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={radiusId} className="text-xs font-medium text-ink-muted">
          Distance
        </label>
        <select
          id={radiusId}
          value={radius}
          disabled={!near}
          aria-describedby={near ? undefined : hintId}
          onChange={(event) => onChange(near, Number(event.target.value))}
          className={FIELD}
        >
          {radiusOptions.map((miles) => (
            <option key={miles} value={miles}>
              Within {formatMiles(miles)}
            </option>
          ))}
        </select>
        {!near && (
          <p id={hintId} className="text-xs text-ink-muted">
            Choose a place to search around it.
          </p>
        )}
      </div>
    </FilterGroup>
  );
}
