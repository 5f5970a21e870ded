import { CircleExclamationPoint } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useId } from 'react';
import { cn } from '../../../lib/cn';

interface MoneyFieldProps extends Omit<ComponentProps<'input'>, 'type' | 'children'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

/** A dollar amount: "$" before the number, the decimal keypad on a phone. */
export function MoneyField({ label, error, hint, id, className, ...input }: MoneyFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 font-semibold text-ink-muted"
        >
          $
        </span>
        <input
          id={inputId}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          className={cn(
            'block min-h-11 w-full rounded-lg border bg-surface py-2 pr-3 pl-7 text-base text-ink shadow-xs tabular-nums',
            'placeholder:text-ink-muted/70 focus-visible:border-ring disabled:opacity-60',
            error ? 'border-danger' : 'border-line',
          )}
          {...input}
        />
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-danger">
          <CircleExclamationPoint aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}

interface NoteFieldProps extends Omit<ComponentProps<'textarea'>, 'children'> {
  label: string;
  error?: string | undefined;
  max: number;
  value: string;
}

/** A short optional note with a character count. */
export function NoteField({ label, error, max, value, id, className, ...textarea }: NoteFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const countId = `${inputId}-count`;
  const errorId = error ? `${inputId}-error` : undefined;

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        {label}
      </label>
      <textarea
        id={inputId}
        rows={3}
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={[countId, errorId].filter(Boolean).join(' ')}
        className={cn(
          'block w-full resize-y rounded-lg border bg-surface px-3 py-2 text-base text-ink shadow-xs',
          'placeholder:text-ink-muted/70 focus-visible:border-ring disabled:opacity-60',
          error ? 'border-danger' : 'border-line',
        )}
        {...textarea}
      />
      <p
        id={countId}
        className={cn('text-right text-xs', value.length > max ? 'text-danger' : 'text-ink-muted')}
      >
        {`${value.length} / ${max}`}
      </p>
      {error && (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-danger">
          <CircleExclamationPoint aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}

/** "1,250.50", "$150", " 99 " → a number of dollars; NaN when it is not one. */
export function parseAmount(text: string): number {
  const cleaned = text.replace(/[\s,$]/g, '');
  if (cleaned === '' || !/^\d*\.?\d*$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}
