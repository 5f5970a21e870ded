import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  icon?: LucideIcon;
  children?: ReactNode;
  /** Quiet links under the card body (switch mode, back to sign in …). */
  footer?: ReactNode;
}

/** The card every account page sits in; its title is the page heading. */
export function AuthCard({ title, description, icon: Icon, children, footer }: AuthCardProps) {
  return (
    <Card className="px-5 py-7 sm:px-8 sm:py-9">
      <title>{`${title} · Castline`}</title>
      <div className="flex flex-col gap-2 text-center">
        {Icon && (
          <span className="mx-auto mb-2 inline-flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand">
            <Icon aria-hidden="true" size={24} />
          </span>
        )}
        <h1 className="text-2xl font-semibold tracking-tight text-ink">{title}</h1>
        {description && <div className="text-ink-muted">{description}</div>}
      </div>
      {children && <div className="mt-7 flex flex-col gap-5">{children}</div>}
      {footer && (
        <div className="mt-7 border-t border-line pt-5 text-center text-sm text-ink-muted">{footer}</div>
      )}
    </Card>
  );
}
