import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A raised surface for grouping content. */
export function Card({ className, ...rest }: ComponentProps<'section'>) {
  return (
    <section
      className={cn('rounded-2xl border border-line bg-surface shadow-sm shadow-black/5', className)}
      {...rest}
    />
  );
}
