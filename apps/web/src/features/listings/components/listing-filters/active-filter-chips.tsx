import { X } from 'lucide-react';
import type { RefObject } from 'react';
import { useEffect, useRef } from 'react';
import type { ListingFilters } from '../../api/listing-queries';
import { activeFilters, clearedFilters } from './active-filters';
import type { FiltersUpdate } from './use-listing-filters';

interface ActiveFilterChipsProps {
  filters: ListingFilters;
  onChange: (update: FiltersUpdate) => void;
  /** Receives focus when the last chip goes (the focused button disappears with it). */
  focusWhenEmpty?: RefObject<HTMLElement | null>;
}

/** The applied filters as chips, each with its remove button, and 'Clear all'. */
export function ActiveFilterChips({ filters, onChange, focusWhenEmpty }: ActiveFilterChipsProps) {
  const chips = activeFilters(filters);
  const listRef = useRef<HTMLUListElement>(null);
  // After a removal, focus moves to the chip now in that place (or the one before it).
  const refocusAt = useRef<number | null>(null);
  const chipKeys = chips.map((chip) => chip.key).join('|');

  useEffect(() => {
    const index = refocusAt.current;
    if (index === null) return;
    refocusAt.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    const target = buttons[Math.min(index, buttons.length - 1)];
    if (target) target.focus();
    else focusWhenEmpty?.current?.focus();
  }, [chipKeys, focusWhenEmpty]);

  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ul ref={listRef} aria-label="Active filters" className="flex max-w-full flex-wrap gap-2">
        {chips.map((chip, index) => (
          <li key={chip.key} className="max-w-full">
            <span className="inline-flex max-w-full items-center gap-1 rounded-full border border-brand/25 bg-brand-soft py-0.5 pr-0.5 pl-3 text-sm font-medium text-brand">
              <span className="truncate">{chip.label}</span>
              <button
                type="button"
                aria-label={`Remove filter: ${chip.label}`}
                onClick={() => {
                  refocusAt.current = index;
                  onChange(chip.remove);
                }}
                className="inline-flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-brand/15"
              >
                <X aria-hidden="true" size={14} />
              </button>
            </span>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => {
          onChange(clearedFilters);
          focusWhenEmpty?.current?.focus();
        }}
        className="min-h-9 rounded-md px-2 text-sm font-semibold text-brand underline-offset-2 hover:underline"
      >
        Clear all
      </button>
    </div>
  );
}
