import { CircleExclamationPoint } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useId } from 'react';
import { cn } from '../../lib/cn';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'children'> {
  label: string;
  /** Shown under the field and linked with aria-describedby; marks the field invalid. */
  error?: string | undefined;
  /** Help text under the field, also linked with aria-describedby. */
  hint?: string;
  /** Content placed inside the right edge of the input (such as a toggle button). */
  trailing?: ReactNode;
  /** A short mark inside the left edge of the input (such as "$"); not read out. */
  leading?: string;
}

export function TextField({
  label,
  error,
  hint,
  trailing,
  leading,
  id,
  className,
  ...input
}: TextFieldProps) {
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
        {leading && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 font-semibold text-ink-muted"
          >
            {leading}
          </span>
        )}
        <input
          id={inputId}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          className={cn(
            'block min-h-11 w-full rounded-lg border bg-surface px-3 py-2 text-base text-ink shadow-xs',
            'placeholder:text-ink-muted/70 focus-visible:border-ring',
            'disabled:cursor-not-allowed disabled:opacity-60',
            error ? 'border-danger' : 'border-line',
            trailing ? 'pr-12' : undefined,
            leading ? 'pl-7 tabular-nums' : undefined,
          )}
          {...input}
        />
        {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>}
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
