import { CircleCheckBig, CircleExclamationPoint, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type AlertTone = 'error' | 'success' | 'info';

interface AlertProps {
  tone?: AlertTone;
  title?: string;
  children: ReactNode;
  className?: string;
}

const TONES: Record<AlertTone, string> = {
  error: 'border-danger/35 bg-danger-soft text-ink',
  success: 'border-reed/35 bg-reed-soft text-ink',
  info: 'border-brand/30 bg-brand-soft text-ink',
};

const ICONS = { error: CircleExclamationPoint, success: CircleCheckBig, info: Info } as const;
const ICON_COLORS: Record<AlertTone, string> = {
  error: 'text-danger',
  success: 'text-reed',
  info: 'text-brand',
};

/** A message block; errors are announced at once (role="alert"), the others politely (role="status"). */
export function Alert({ tone = 'error', title, children, className }: AlertProps) {
  const Icon = ICONS[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-lg border px-4 py-3 text-sm', TONES[tone], className)}
    >
      <Icon aria-hidden="true" size={18} className={cn('mt-0.5 shrink-0', ICON_COLORS[tone])} />
      <div className="flex min-w-0 flex-col gap-2">
        {title && <p className="font-semibold">{title}</p>}
        <div className="leading-relaxed">{children}</div>
      </div>
    </div>
  );
}
