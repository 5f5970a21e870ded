import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

interface RadioCardProps<V extends string> {
  name: string;
  value: V;
  checked: boolean;
  onChange: (value: V) => void;
  /** The choice's name, read as the radio's label. */
  label: ReactNode;
  /** A line under the label (also part of the label). */
  detail?: ReactNode;
}

/** One choice of a radio group drawn as a card: the whole card is the label, arrows move between them. */
export function RadioCard<V extends string>({
  name,
  value,
  checked,
  onChange,
  label,
  detail,
}: RadioCardProps<V>) {
  return (
    <label
      className={cn(
        'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 transition-colors',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
        checked ? 'border-brand bg-brand-soft' : 'border-line hover:bg-surface-muted',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        className="size-4 shrink-0 accent-brand"
      />
      <span className="flex min-w-0 flex-col">
        <span className="font-medium text-ink">{label}</span>
        {detail && <span className="text-sm text-ink-muted">{detail}</span>}
      </span>
    </label>
  );
}
