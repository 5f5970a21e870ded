import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** One labelled value in a `<dl>` ("Email", "Member since" …). */
export function DetailItem({
  label,
  children,
  valueClassName = 'font-medium break-words',
}: {
  label: string;
  children: ReactNode;
  valueClassName?: string;
}) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-ink-muted">{label}</dt>
      <dd className={cn(valueClassName)}>{children}</dd>
    </div>
  );
}
