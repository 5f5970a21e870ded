import { cn } from '../../lib/cn';

/** The Castline mark: a fish under a hanging hook, on a sand tile. */
export function CastlineMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cn('size-8 shrink-0', className)}
    >
      <rect width="32" height="32" rx="8" fill="#f4f1ea" />
      <path
        d="M4 21.5c3-4.2 6.8-6.2 11-6.2 2.9 0 5.2 1.2 7 3.1l4-2.4-1.3 5.5 1.3 5.5-4-2.4c-1.8 1.9-4.1 3.1-7 3.1-4.2 0-8-2-11-6.2z"
        fill="#0b4f6c"
      />
      <circle cx="9.6" cy="20.6" r="1.2" fill="#f4f1ea" />
      <g fill="none" stroke="#e07a1f" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="19" cy="3.4" r="1.3" />
        <path d="M19 4.7v5.3a3 3 0 0 1-6 0V8.2l1.9 1.7" />
      </g>
    </svg>
  );
}

/** Mark and wordmark; the text is the accessible name. */
export function CastlineLogo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <CastlineMark />
      <span className="text-xl font-semibold tracking-tight">Castline</span>
    </span>
  );
}
