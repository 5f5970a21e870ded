import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A page-sized panel for what stops a page: a rendering failure, a page module that cannot load, a
 * page the member's roles do not open. An icon, a title, what happened and what to do next.
 */
export function AlertPanel({
  icon: Icon,
  title,
  body,
  actions,
}: {
  icon: LucideIcon;
  title: string;
  body: string;
  actions: ReactNode;
}) {
  return (
    <div role="alert" className="flex min-h-[60dvh] flex-1 items-center justify-center bg-canvas px-4 py-16">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger">
          <Icon aria-hidden="true" size={28} />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight text-ink">{title}</h1>
        <p className="text-ink-muted">{body}</p>
        <div className="flex flex-wrap justify-center gap-3">{actions}</div>
      </div>
    </div>
  );
}
