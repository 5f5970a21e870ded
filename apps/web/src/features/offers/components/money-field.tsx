import { CircleExclamationPoint } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useId } from 'react';
import { TextField, type TextFieldProps } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';

type MoneyFieldProps = Omit<TextFieldProps, 'type' | 'leading' | 'trailing'>;

/** A dollar amount: "$" before the number, the decimal keypad on a phone. */
export function MoneyField(props: MoneyFieldProps) {
  return <TextField type="text" inputMode="decimal" autoComplete="off" leading="$" {...props} />;
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
