import type { Option } from '@castline/shared';
import { ChevronDown, CircleExclamationPoint } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useId } from 'react';
import { cn } from '../../lib/cn';

/** The ids that tie a control to its hint and error (aria-describedby). */
function useDescribedBy(id: string | undefined, hint: ReactNode | undefined, error: string | undefined) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return {
    controlId,
    hintId,
    errorId,
    describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined,
  };
}

export function FieldError({ id, children }: { id: string | undefined; children: ReactNode }) {
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-medium text-danger">
      <CircleExclamationPoint aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

const CONTROL =
  'block min-h-11 w-full rounded-lg border bg-surface px-3 py-2 text-base text-ink shadow-xs placeholder:text-ink-muted/70 focus-visible:border-ring disabled:cursor-not-allowed disabled:opacity-60';

interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'children'> {
  label: string;
  error?: string | undefined;
  hint?: string;
}

export function TextAreaField({ label, error, hint, id, className, ...textarea }: TextAreaFieldProps) {
  const { controlId, hintId, errorId, describedBy } = useDescribedBy(id, hint, error);
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-ink">
        {label}
      </label>
      <textarea
        id={controlId}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
        className={cn(CONTROL, 'min-h-36 resize-y leading-relaxed', error ? 'border-danger' : 'border-line')}
        {...textarea}
      />
      {hint && (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'children'> {
  label: string;
  options: readonly Option[];
  /** The empty first choice ("Select a category"); leave out when a value is always chosen. */
  placeholder?: string;
  error?: string | undefined;
  hint?: string;
}

export function SelectField({
  label,
  options,
  placeholder,
  error,
  hint,
  id,
  className,
  ...select
}: SelectFieldProps) {
  const { controlId, hintId, errorId, describedBy } = useDescribedBy(id, hint, error);
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <select
          id={controlId}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          className={cn(CONTROL, 'appearance-none pr-10', error ? 'border-danger' : 'border-line')}
          {...select}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          size={18}
          className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-ink-muted"
        />
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

interface CheckboxGroupProps<V extends string> {
  legend: string;
  name: string;
  options: readonly Option<V>[];
  value: readonly V[];
  onChange: (value: V[]) => void;
  error?: string | undefined;
  hint?: string;
  className?: string;
}

/** A set of checkboxes under one legend; the error describes the whole group. */
export function CheckboxGroup<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  error,
  hint,
  className,
}: CheckboxGroupProps<V>) {
  const { controlId, hintId, errorId, describedBy } = useDescribedBy(undefined, hint, error);
  const toggle = (option: V, checked: boolean) =>
    onChange(
      checked
        ? options.map((o) => o.value).filter((v) => v === option || value.includes(v))
        : value.filter((v) => v !== option),
    );
  return (
    <fieldset aria-describedby={describedBy} className={cn('flex flex-col gap-2', className)}>
      <legend className="mb-1.5 text-sm font-medium text-ink">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const checked = value.includes(option.value);
          const inputId = `${controlId}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={inputId}
              className={cn(
                'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                checked
                  ? 'border-brand bg-brand-soft text-brand'
                  : error
                    ? 'border-danger bg-surface'
                    : 'border-line bg-surface',
              )}
            >
              <input
                id={inputId}
                type="checkbox"
                name={name}
                value={option.value}
                checked={checked}
                aria-invalid={Boolean(error)}
                onChange={(event) => toggle(option.value, event.target.checked)}
                className="size-4 accent-[var(--brand)]"
              />
              {option.label}
            </label>
          );
        })}
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
