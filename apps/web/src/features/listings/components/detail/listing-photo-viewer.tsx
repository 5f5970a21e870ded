import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { KeyboardEvent, RefObject } from 'react';
import { focusReturner } from '../../../../components/ui/dialog';
import { ArrowButtons, Photo, useSwipe } from './gallery-parts';

interface PhotoViewerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The listing's title, in the view's heading. */
  title: string;
  /** "Photo 2 of 5" when there are several; null for one photo. */
  label: string | null;
  url: string;
  alt: string;
  /** Steps through the photos; null for one photo. */
  onStep: ((direction: -1 | 1) => void) | null;
  onKeyDown: (event: KeyboardEvent) => void;
  /** The "View full size" button. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** The listing's photo full size on a dark screen, with the gallery's arrows, keys and swipes. */
export function PhotoViewer({
  open,
  onOpenChange,
  title,
  label,
  url,
  alt,
  onStep,
  onKeyDown,
  returnFocusTo,
}: PhotoViewerProps) {
  const swipe = useSwipe((direction) => onStep?.(direction));
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/90 data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          onCloseAutoFocus={focusReturner(returnFocusTo)}
          className="fixed inset-0 z-50 flex flex-col focus:outline-none"
        >
          <div className="flex items-center justify-between gap-3 px-3 py-2 text-white sm:px-5 sm:py-3">
            <RadixDialog.Title className="flex min-w-0 gap-1.5 text-sm font-semibold sm:text-base">
              <span className="min-w-0 truncate">{title}</span>
              {label && <span className="shrink-0 font-normal text-white/75">{`· ${label}`}</span>}
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close full-size photo"
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
            >
              <X aria-hidden="true" size={22} />
            </RadixDialog.Close>
          </div>
          <div
            {...swipe.handlers}
            className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 pb-4 select-none sm:px-16"
          >
            <Photo
              key={url}
              url={url}
              alt={alt}
              preset="full"
              sizes="100vw"
              loading="eager"
              className="max-h-full max-w-full object-contain"
            />
            {onStep && <ArrowButtons onStep={onStep} />}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
