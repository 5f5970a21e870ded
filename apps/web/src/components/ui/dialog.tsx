import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { cn } from '../../lib/cn';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

interface DialogContentProps {
  title: ReactNode;
  /** Read to screen readers with the title; visible unless `hideDescription`. */
  description?: ReactNode;
  hideDescription?: boolean;
  /** Hide the visible heading (it is still announced); for dialogs that draw their own. */
  hideTitle?: boolean;
  children: ReactNode;
  className?: string;
  /**
   * Where focus goes back when the dialog closes, for a dialog opened without a DialogTrigger
   * (one whose code loaded on first use): the button that opened it.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** Radix returns focus to its DialogTrigger; a dialog opened by another button returns it there. */
export function focusReturner(target: RefObject<HTMLElement | null> | undefined) {
  if (!target) return undefined;
  return (event: Event) => {
    const element = target.current;
    if (!element?.isConnected) return;
    event.preventDefault();
    element.focus();
  };
}

export const DIALOG_OVERLAY =
  'fixed inset-0 z-40 bg-water-900/50 backdrop-blur-[2px] data-[state=open]:animate-fade-in';

/** A centred modal: focus is trapped inside, Escape and the close button dismiss it. */
export function DialogContent({
  title,
  description,
  hideDescription,
  hideTitle,
  children,
  className,
  returnFocusTo,
}: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={DIALOG_OVERLAY} />
      <RadixDialog.Content
        {...(description ? {} : { 'aria-describedby': undefined })}
        onCloseAutoFocus={focusReturner(returnFocusTo)}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2',
          'overflow-y-auto rounded-2xl border border-line bg-surface p-6 shadow-2xl shadow-black/20 focus:outline-none',
          'data-[state=open]:animate-dialog-in',
          className,
        )}
      >
        <div className="mb-5 pr-8">
          <RadixDialog.Title
            className={cn('text-xl font-semibold tracking-tight text-ink', hideTitle && 'sr-only')}
          >
            {title}
          </RadixDialog.Title>
          {description && (
            <RadixDialog.Description
              className={cn('mt-1 text-sm text-ink-muted', hideDescription && 'sr-only')}
            >
              {description}
            </RadixDialog.Description>
          )}
        </div>
        {children}
        <RadixDialog.Close
          aria-label="Close"
          className="absolute top-4 right-4 inline-flex size-9 items-center justify-center rounded-lg text-ink-muted hover:bg-surface-muted hover:text-ink"
        >
          <X aria-hidden="true" size={18} />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/** A panel sliding in from the side (the mobile menu); a modal dialog like any other. */
export function SheetContent({
  title,
  children,
  className,
  closeLabel = 'Close menu',
}: {
  title: ReactNode;
  children: ReactNode;
  className?: string;
  closeLabel?: string;
}) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={DIALOG_OVERLAY} />
      <RadixDialog.Content
        aria-describedby={undefined}
        className={cn(
          'fixed inset-y-0 right-0 z-50 flex w-[min(22rem,100vw)] flex-col overflow-y-auto bg-surface shadow-2xl shadow-black/30',
          'focus:outline-none data-[state=open]:animate-sheet-in',
          className,
        )}
      >
        <div className="flex items-center justify-between border-b border-line px-4 py-3">
          <RadixDialog.Title className="text-base font-semibold text-ink">{title}</RadixDialog.Title>
          <RadixDialog.Close
            aria-label={closeLabel}
            className="inline-flex size-10 items-center justify-center rounded-lg text-ink-muted hover:bg-surface-muted hover:text-ink"
          >
            <X aria-hidden="true" size={20} />
          </RadixDialog.Close>
        </div>
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
