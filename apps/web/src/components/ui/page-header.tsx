import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../lib/router';
import { cn } from '../../lib/cn';

interface PageHeaderProps {
  /** The page's one h1. */
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links placed beside the title (below it on a phone). */
  actions?: ReactNode;
  /** A link back to the parent page, shown above the title. */
  backLink?: { to: string; label: string };
  className?: string;
}

/** The top of a page: optional back link, the h1, a short description and the page's main actions. */
export function PageHeader({ title, description, actions, backLink, className }: PageHeaderProps) {
  return (
    <header className={cn('mb-6 flex flex-col gap-3 sm:mb-8', className)}>
      {backLink && (
        <Link
          to={backLink.to}
          className="inline-flex items-center gap-1.5 self-start rounded-md text-sm font-medium text-brand hover:underline"
        >
          <ArrowLeft aria-hidden="true" size={16} />
          {backLink.label}
        </Link>
      )}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-ink sm:text-3xl">{title}</h1>
          {description && <div className="max-w-2xl leading-relaxed text-ink-muted">{description}</div>}
        </div>
        {actions && <div className="flex shrink-0 flex-wrap gap-3">{actions}</div>}
      </div>
    </header>
  );
}
