import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * One labelled value in a `<dl>` ("Email", "Member since" …): a direct child of the list, so
 * that the list holds only its terms and values (`className` places it in the list's grid).
 */
export function DetailItem({
  label,
  children,
  className,
  valueClassName = 'font-medium break-words',
}: {
  label: string;
  children: ReactNode;
  className?: string;
  valueClassName?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-0.5', className)}>
      <dt className="text-ink-muted">{label}</dt>
      <dd className={cn(valueClassName)}>{children}</dd>
    </div>
  );
}
