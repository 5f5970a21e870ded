import type { GeocodeResultDto, PlaceSuggestionDto } from '@castline/shared';
import { PLACE_SUGGESTION_MIN_CHARS } from '@castline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CircleExclamationPoint, MapPin } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import type { LocationType } from '../api/places.api';
import { placeQueries, usePlaceSuggestions } from '../api/places.api';
import { PLACE_UI_MESSAGES } from '../place-messages';
import type { Coordinates } from './use-my-location-button';

/** The field's value: what the member typed or chose, and where it is when known. */
export interface LocationValue {
  text: string;
  coordinates: Coordinates | null;
}

export interface LocationFieldProps {
  label: string;
  value: LocationValue;
  onChange: (value: LocationValue) => void;
  /** Shown under the field and linked with aria-describedby; marks the field invalid. */
  error?: string | undefined;
  /** Help text under the field, also linked with aria-describedby. */
  hint?: string | undefined;
  /** What the suggestions offer: cities, US ZIP codes, or whichever fits the input. */
  type?: LocationType;
  onBlur?: () => void;
  id?: string;
  name?: string;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
}

type Resolving = 'lookup' | 'geocode' | null;

/**
 * A location input with suggestions (ARIA 1.2 combobox with a listbox popup). Choosing a
 * suggestion looks up its coordinates and writes its full address; leaving the field with text
 * that was not chosen geocodes it and, when found, writes the matched address (so the member
 * sees which place the listing will show on the map).
 */
export function LocationField({
  label,
  value,
  onChange,
  error,
  hint,
  type = 'any',
  onBlur,
  id,
  name,
  placeholder,
  required,
  disabled,
  className,
}: LocationFieldProps) {
  const queryClient = useQueryClient();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const listboxId = `${inputId}-listbox`;
  const optionId = (index: number) => `${inputId}-option-${index}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;

  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [resolving, setResolving] = useState<Resolving>(null);
  const [notPlaced, setNotPlaced] = useState(false);
  /** Bumped by every new action, so that a late answer to an older one is ignored. */
  const requestRef = useRef(0);

  const longEnough = value.text.trim().length >= PLACE_SUGGESTION_MIN_CHARS;
  const suggestions = usePlaceSuggestions(value.text, { type, enabled: open && !disabled });
  const items = suggestions.items;
  const showNoMatches = suggestions.isSettled && items.length === 0;
  const expanded = open && longEnough && (items.length > 0 || showNoMatches);
  const active = expanded && activeIndex < items.length ? activeIndex : -1;
  const busy = resolving !== null || (open && longEnough && suggestions.isPending);

  const announcement = !expanded
    ? ''
    : showNoMatches
      ? PLACE_UI_MESSAGES.noMatches
      : PLACE_UI_MESSAGES.placesFound(items.length);

  const notPlacedId = notPlaced ? `${inputId}-not-placed` : undefined;
  const describedBy = [hintId, notPlacedId, errorId].filter(Boolean).join(' ') || undefined;

  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (active < 0) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  /** Resolves a place (a chosen suggestion or typed text) and writes its address and coordinates. */
  async function resolve(kind: Exclude<Resolving, null>, key: string) {
    const request = ++requestRef.current;
    setResolving(kind);
    setNotPlaced(false);
    let found: GeocodeResultDto | null;
    try {
      found =
        kind === 'lookup'
          ? await queryClient.fetchQuery(placeQueries.lookup(key))
          : await queryClient.fetchQuery(placeQueries.geocode(key));
    } catch {
      // Not reaching the server is treated like an unknown place: the listing server geocodes too.
      found = null;
    }
    if (request !== requestRef.current) return;
    setResolving(null);
    if (found) {
      onChange({ text: found.formatted_address, coordinates: { lat: found.lat, lng: found.lng } });
    } else {
      setNotPlaced(true);
    }
  }

  function choose(suggestion: PlaceSuggestionDto) {
    setOpen(false);
    setActiveIndex(-1);
    onChange({ text: suggestion.description, coordinates: null });
    void resolve('lookup', suggestion.place_id);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActiveIndex(-1);
          return;
        }
        if (items.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex(
          active < 0 ? (step > 0 ? 0 : items.length - 1) : (active + step + items.length) % items.length,
        );
        return;
      }
      case 'Enter': {
        const suggestion = active >= 0 ? items[active] : undefined;
        if (!suggestion) return;
        event.preventDefault();
        choose(suggestion);
        return;
      }
      case 'Escape':
        if (!expanded) return;
        event.preventDefault();
        setOpen(false);
        setActiveIndex(-1);
        return;
      default:
    }
  }

  function handleBlur() {
    setOpen(false);
    setActiveIndex(-1);
    onBlur?.();
    // A chosen suggestion is being looked up, or the place is already known.
    if (resolving === 'lookup' || value.coordinates || !longEnough) return;
    void resolve('geocode', value.text.trim());
  }

  return (
    <div className={cn('flex flex-col', className)}>
      <label htmlFor={inputId} className="mb-1.5 text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          name={name}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          aria-busy={busy || undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          required={required}
          disabled={disabled}
          value={value.text}
          onChange={(event) => {
            requestRef.current += 1;
            setResolving(null);
            setNotPlaced(false);
            setOpen(true);
            setActiveIndex(-1);
            onChange({ text: event.target.value, coordinates: null });
          }}
          onKeyDown={handleKeyDown}
          onBlur={handleBlur}
          className={cn(
            'block min-h-11 w-full rounded-lg border bg-surface py-2 pr-10 pl-3 text-base text-ink shadow-xs',
            'placeholder:text-ink-muted/70 focus-visible:border-ring',
            'disabled:cursor-not-allowed disabled:opacity-60',
            error ? 'border-danger' : 'border-line',
          )}
        />
        <div className="pointer-events-none absolute inset-y-0 right-0 flex items-center pr-3 text-ink-muted">
          {busy ? (
            <Spinner label={resolving ? PLACE_UI_MESSAGES.finding : PLACE_UI_MESSAGES.searching} size={16} />
          ) : (
            <MapPin aria-hidden="true" size={16} />
          )}
        </div>
        <div
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-lg border border-line bg-surface shadow-lg shadow-black/10"
        >
          <ul
            ref={listRef}
            id={listboxId}
            role="listbox"
            aria-label={`${label} suggestions`}
            hidden={items.length === 0}
            className="max-h-72 overflow-y-auto py-1"
          >
            {items.map((item, index) => (
              <li
                key={item.place_id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                data-index={index}
                // Keep the focus in the input, so that choosing is not a blur.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(item)}
                onMouseMove={() => {
                  if (index !== active) setActiveIndex(index);
                }}
                className={cn(
                  'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-ink',
                  index === active && 'bg-brand-soft text-brand',
                )}
              >
                <MapPin aria-hidden="true" size={14} className="shrink-0 text-ink-muted" />
                <span>{item.description}</span>
              </li>
            ))}
          </ul>
          {showNoMatches && <p className="px-3 py-2 text-sm text-ink-muted">{PLACE_UI_MESSAGES.noMatches}</p>}
        </div>
      </div>
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {/* A hint, not an error: the listing server geocodes the text too. Always present so that it is announced. */}
      <div role="status">
        {notPlaced && (
          <p id={notPlacedId} className="mt-1.5 text-sm text-ink-muted">
            {PLACE_UI_MESSAGES.notPlaced}
          </p>
        )}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-danger">
          <CircleExclamationPoint aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
          <span>{error}</span>
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
