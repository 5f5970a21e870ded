import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { cn } from '../../lib/cn';
import { DIALOG_OVERLAY, focusReturner } from './dialog';

/**
 * A composer docked along the bottom of the window, full width (the whole screen on a phone): the
 * page stays in view above it. A modal dialog like any other: focus is trapped, Escape closes it.
 */
export function ComposerSheetContent({
  title,
  description,
  children,
  returnFocusTo,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={DIALOG_OVERLAY} />
      <RadixDialog.Content
        {...(description ? {} : { 'aria-describedby': undefined })}
        onCloseAutoFocus={focusReturner(returnFocusTo)}
        className={cn(
          'fixed inset-0 z-50 flex flex-col overflow-y-auto bg-surface shadow-2xl shadow-black/30 focus:outline-none',
          'sm:top-auto sm:max-h-[min(52rem,92dvh)] sm:rounded-t-2xl sm:border-t sm:border-line',
          'data-[state=open]:animate-rise-in',
        )}
      >
        <div className="sticky top-0 z-10 border-b border-line bg-surface/95 backdrop-blur">
          <div className="mx-auto flex w-full max-w-5xl items-start justify-between gap-3 px-4 py-3 sm:px-6">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-semibold tracking-tight text-ink">
                {title}
              </RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="text-sm text-ink-muted">
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              aria-label="Close"
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-ink-muted hover:bg-surface-muted hover:text-ink"
            >
              <X aria-hidden="true" size={20} />
            </RadixDialog.Close>
          </div>
        </div>
        <div className="mx-auto w-full max-w-5xl px-4 py-4 sm:px-6">{children}</div>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
