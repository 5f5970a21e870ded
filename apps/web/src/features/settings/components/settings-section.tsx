import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

interface SettingsSectionProps {
  title: string;
  icon: LucideIcon;
  description?: ReactNode;
  /** Beside the title (below it on a phone). */
  actions?: ReactNode;
  /** The danger zone is outlined in red. */
  tone?: 'default' | 'danger';
  children: ReactNode;
}

/** One settings card: a named region (its h2) with a short explanation and its form or list. */
export function SettingsSection({
  title,
  icon: Icon,
  description,
  actions,
  tone = 'default',
  children,
}: SettingsSectionProps) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} className={cn('p-5 sm:p-7', tone === 'danger' && 'border-danger/40')}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-start gap-3">
          <span
            className={cn(
              'inline-flex size-10 shrink-0 items-center justify-center rounded-full',
              tone === 'danger' ? 'bg-danger-soft text-danger' : 'bg-brand-soft text-brand',
            )}
          >
            <Icon aria-hidden="true" size={20} />
          </span>
          <div className="flex min-w-0 flex-col gap-1">
            <h2 id={headingId} className="text-lg font-semibold tracking-tight">
              {title}
            </h2>
            {description && <div className="text-sm leading-relaxed text-ink-muted">{description}</div>}
          </div>
        </div>
        {actions}
      </div>
      <div className="mt-5">{children}</div>
    </Card>
  );
}
