import { cn } from '../../lib/cn';

/** Counts above 9 read "9+" (spec). */
export function formatBadgeCount(count: number): string {
  return count > 9 ? '9+' : String(count);
}

interface CountBadgeProps {
  count: number;
  /** What is being counted, for screen readers: "3 unread messages". */
  label: string;
  className?: string;
}

/** A small count bubble; renders nothing for zero. */
export function CountBadge({ count, label, className }: CountBadgeProps) {
  if (count <= 0) return null;
  return (
    <span
      className={cn(
        'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-cta px-1.5 text-xs leading-none font-bold text-cta-ink',
        className,
      )}
    >
      <span aria-hidden="true">{formatBadgeCount(count)}</span>
      <span className="sr-only">{`${count} ${label}`}</span>
    </span>
  );
}

/** A dot that says "something unread" without a number. */
export function UnreadDot({ label, className }: { label: string; className?: string }) {
  return (
    <span className={cn('inline-block size-2.5 rounded-full bg-cta ring-2 ring-topbar', className)}>
      <span className="sr-only">{label}</span>
    </span>
  );
}

type Tone = 'brand' | 'reed' | 'neutral' | 'accent';

const TONES: Record<Tone, string> = {
  brand: 'bg-brand-soft text-brand',
  reed: 'bg-reed-soft text-reed',
  neutral: 'bg-surface-muted text-ink-muted',
  accent: 'bg-cta/15 text-ink',
};

/** A short label chip ("Captain", "Moderator"). */
export function Badge({
  tone = 'neutral',
  className,
  children,
}: {
  tone?: Tone;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
