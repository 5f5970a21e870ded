import { useId } from 'react';
import { cn } from '../../../lib/cn';

/** A stack trace or JSON in a scrollable, keyboard-reachable block under a small heading. */
export function CodeBlock({
  label,
  children,
  className,
}: {
  label: string;
  children: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <p id={id} className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
        {label}
      </p>
      <pre
        role="region"
        aria-labelledby={id}
        tabIndex={0}
        className="max-h-72 overflow-auto rounded-lg border border-line bg-surface-muted p-3 font-mono text-xs leading-relaxed whitespace-pre text-ink"
      >
        {children}
      </pre>
    </div>
  );
}
