import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Card } from '../../../../components/ui/card';
import { cn } from '../../../../lib/cn';

/** A titled section of the form. */
export function FormSection({
  icon: Icon,
  title,
  description,
  children,
  className,
}: {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} className={cn('p-5 sm:p-7', className)}>
      <div className="mb-5 flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-reed-soft text-reed">
          <Icon aria-hidden="true" size={20} />
        </span>
        <div className="flex min-w-0 flex-col gap-0.5">
          <h2 id={headingId} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          {description && <p className="text-sm leading-relaxed text-ink-muted">{description}</p>}
        </div>
      </div>
      {children}
    </Card>
  );
}
