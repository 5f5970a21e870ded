import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface EmptyStateProps {
  icon: LucideIcon;
  /** What is missing, in a few words ("No conversations yet"). */
  title: string;
  /** What will appear here, and how to get there. */
  description?: ReactNode;
  /** The next step: usually a link or a button. */
  action?: ReactNode;
  /** The title is a heading at this level (2 on a page, 3 inside a section that has its own h2). */
  headingLevel?: 2 | 3;
  className?: string;
}

/** An honest "nothing here yet": what will appear in this place and the next thing to do. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  headingLevel = 2,
  className,
}: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-line bg-surface/60 px-5 py-10 text-center sm:px-8 sm:py-12',
        className,
      )}
    >
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand">
        <Icon aria-hidden="true" size={24} />
      </span>
      <Heading className="text-lg font-semibold tracking-tight text-ink">{title}</Heading>
      {description && <div className="max-w-md text-sm leading-relaxed text-ink-muted">{description}</div>}
      {action && <div className="mt-2 flex flex-wrap justify-center gap-3">{action}</div>}
    </div>
  );
}
