import type { Option } from '@castline/shared';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { cn } from '../../../../lib/cn';
import { useDebouncedDraft } from '../../../../lib/use-debounced-draft';

/** One group of the filter panel, with its legend. */
export function FilterGroup({
  legend,
  children,
  className,
}: {
  legend: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset
      className={cn(
        'flex min-w-0 flex-col gap-2 border-t border-line pt-4 first:border-t-0 first:pt-0',
        className,
      )}
    >
      <legend className="float-left mb-1 w-full text-sm font-semibold text-ink">{legend}</legend>
      {children}
    </fieldset>
  );
}

const CHECKBOX =
  'size-4.5 shrink-0 rounded border-line accent-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** A checkbox with its label; the whole row is the touch target. */
export function CheckboxRow({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-9 cursor-pointer items-center gap-2.5 rounded-md text-sm text-ink hover:text-brand">
      <input
        type="checkbox"
        className={CHECKBOX}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

/** Several values of one field, any number of them chosen. */
export function CheckboxGroup<V extends string>({
  legend,
  options,
  values,
  onChange,
  columns = 1,
}: {
  legend: string;
  options: readonly Option<V>[];
  values: readonly V[];
  onChange: (values: V[]) => void;
  columns?: 1 | 2;
}) {
  return (
    <FilterGroup legend={legend}>
      <div className={cn('grid gap-x-3', columns === 2 ? 'grid-cols-2' : 'grid-cols-1')}>
        {options.map((option) => (
          <CheckboxRow
            key={option.value}
            label={option.label}
            checked={values.includes(option.value)}
            onChange={(checked) =>
              onChange(
                checked
                  ? options.map((o) => o.value).filter((v) => v === option.value || values.includes(v))
                  : values.filter((value) => value !== option.value),
              )
            }
          />
        ))}
      </div>
    </FilterGroup>
  );
}

export const FIELD =
  'block min-h-10 w-full min-w-0 rounded-lg border border-line bg-surface px-3 py-1.5 text-base text-ink shadow-xs placeholder:text-ink-muted/70 focus-visible:border-ring sm:text-sm';

const sameNumber = (a: string, b: string) => {
  const x = a.trim();
  const y = b.trim();
  if (x === '' || y === '') return x === y;
  return Number(x) === Number(y);
};

/** A number input that applies its value after a pause in typing, on Enter or on leaving it. */
export function DebouncedNumberField({
  label,
  value,
  onCommit,
  min,
  max,
  step,
  placeholder,
  prefix,
}: {
  label: string;
  value: number | null;
  /** null when emptied or not a number in range. */
  onCommit: (value: number | null) => void;
  min: number;
  max: number;
  step?: number;
  placeholder?: string;
  /** Shown inside the field before the number ("$"). */
  prefix?: string;
}) {
  const inputId = useId();
  const parse = (text: string): number | null => {
    const trimmed = text.trim();
    if (trimmed === '') return null;
    const number = Number(trimmed);
    return Number.isFinite(number) && number >= min && number <= max ? number : null;
  };
  const { draft, change, flush } = useDebouncedDraft(
    value === null ? '' : String(value),
    (text) => onCommit(parse(text)),
    { same: sameNumber },
  );
  const invalid = draft.trim() !== '' && parse(draft) === null;

  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={inputId} className="text-xs font-medium text-ink-muted">
        {label}
      </label>
      <div className="relative">
        {prefix && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-ink-muted"
          >
            {prefix}
          </span>
        )}
        <input
          id={inputId}
          type="number"
          inputMode="decimal"
          min={min}
          max={max}
          step={step}
          value={draft}
          placeholder={placeholder}
          aria-invalid={invalid}
          onChange={(event) => change(event.target.value)}
          onBlur={flush}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              flush();
            }
          }}
          className={cn(FIELD, prefix && 'pl-7', invalid && 'border-danger')}
        />
      </div>
    </div>
  );
}

/** A text input that applies its value after a pause in typing, on Enter or on leaving it. */
export function DebouncedTextField({
  label,
  value,
  onCommit,
  maxLength,
  placeholder,
  suggestions,
}: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  maxLength: number;
  placeholder?: string;
  /** Offered while typing (a datalist). */
  suggestions?: readonly string[];
}) {
  const inputId = useId();
  const listId = useId();
  const { draft, change, flush } = useDebouncedDraft(value, (text) => onCommit(text.trim()), {
    same: (a, b) => a.trim() === b.trim(),
  });
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <input
        id={inputId}
        type="text"
        value={draft}
        maxLength={maxLength}
        placeholder={placeholder}
        list={suggestions ? listId : undefined}
        autoComplete="off"
        onChange={(event) => change(event.target.value)}
        onBlur={flush}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            flush();
          }
        }}
        className={FIELD}
      />
      {suggestions && (
        <datalist id={listId}>
          {suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      )}
    </div>
  );
}
