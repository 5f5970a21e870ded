import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import type { ComponentProps, ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { cn } from '../../lib/cn';

export const DropdownMenu = RadixMenu.Root;
export const DropdownMenuTrigger = RadixMenu.Trigger;

/** The floating menu panel; arrow keys move between items, Escape closes it. */
export function DropdownMenuContent({
  className,
  children,
  ...rest
}: ComponentProps<typeof RadixMenu.Content>) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content
        align="end"
        sideOffset={8}
        className={cn(
          'z-50 min-w-60 rounded-xl border border-line bg-surface p-1.5 text-ink shadow-xl shadow-black/15',
          'data-[state=open]:animate-dialog-in',
          className,
        )}
        {...rest}
      >
        {children}
      </RadixMenu.Content>
    </RadixMenu.Portal>
  );
}

const ITEM =
  'flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium outline-none select-none data-[highlighted]:bg-brand-soft data-[highlighted]:text-brand';

/** A menu entry; pass `asChild` with a Link to navigate. */
export function DropdownMenuItem({ className, ...rest }: ComponentProps<typeof RadixMenu.Item>) {
  return <RadixMenu.Item className={cn(ITEM, className)} {...rest} />;
}

export function DropdownMenuSeparator() {
  return <RadixMenu.Separator className="my-1.5 h-px bg-line" />;
}

export function DropdownMenuLabel({ children }: { children: ReactNode }) {
  return <RadixMenu.Label className="px-3 py-2">{children}</RadixMenu.Label>;
}

/**
 * For a menu whose code loaded on its first opening (see lazy-layer): Radix only learns that the
 * keyboard is in use from keys pressed after it mounted, so on a first opening by keyboard this
 * puts focus on the first enabled item, as a keyboard opening of a loaded menu does. Pass the
 * returned ref to DropdownMenuContent.
 */
export function useFirstOpenFocus(openedWith: 'pointer' | 'keyboard' | null, open = true) {
  const contentRef = useRef<HTMLDivElement>(null);
  const pending = useRef(openedWith === 'keyboard');
  useEffect(() => {
    if (!open || !pending.current) return;
    // After Radix's own mount focus (on the content), which runs in an effect as well.
    const timer = setTimeout(() => {
      pending.current = false;
      contentRef.current
        ?.querySelector<HTMLElement>(
          '[role="menuitem"]:not([data-disabled]), [role="menuitemradio"]:not([data-disabled])',
        )
        ?.focus({ preventScroll: true });
    }, 0);
    return () => clearTimeout(timer);
  }, [open]);
  return contentRef;
}
