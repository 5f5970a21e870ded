import type { MouseEvent, ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface SkipLinkProps {
  /** The id of the element that takes focus (it has tabIndex={-1} when it is not a control). */
  target: string;
  children: ReactNode;
  className?: string;
}

/**
 * A link for keyboard users past a stretch of controls (the header, a panel of filters): hidden
 * until it is focused, then drawn on top. It moves focus to its target (which scrolls it into
 * view) without writing "#target" into the address, which the router would take for a new page.
 */
export function SkipLink({ target, children, className }: SkipLinkProps) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const element = document.getElementById(target);
    if (!element) return;
    event.preventDefault();
    element.focus();
  };
  return (
    <a
      href={`#${target}`}
      onClick={skip}
      className={cn(
        'sr-only rounded-md bg-surface px-4 py-2 font-medium text-brand shadow-md focus:not-sr-only',
        className,
      )}
    >
      {children}
    </a>
  );
}
