import * as RadixDialog from '@radix-ui/react-dialog';
import { ArrowLeft, ArrowRight, X } from 'lucide-react';
import type { KeyboardEvent, RefObject } from 'react';
import { focusReturner } from '../../../components/ui/dialog';

interface PhotoLightboxProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's name: whose photos ("Photo from rita"). */
  title: string;
  images: readonly string[];
  index: number;
  onIndexChange: (index: number) => void;
  /** The thumbnail that opened it: focus goes back there on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

const BUTTON =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white';

/**
 * A message's photos full size on a dark screen: a labelled dialog that traps focus and gives it
 * back to the thumbnail, closed with Escape or its button; the arrows (buttons and keys) step
 * through the message's photos. The stored photo is shown as it was uploaded (at most 2560 px).
 */
export function PhotoLightbox({
  open,
  onOpenChange,
  title,
  images,
  index,
  onIndexChange,
  returnFocusTo,
}: PhotoLightboxProps) {
  const count = images.length;
  const several = count > 1;
  const step = (direction: -1 | 1) => onIndexChange((index + direction + count) % count);
  const label = several ? `Photo ${index + 1} of ${count}` : null;
  const onKeyDown = (event: KeyboardEvent) => {
    if (!several || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
    else return;
    event.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/95 data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          onKeyDown={onKeyDown}
          onCloseAutoFocus={focusReturner(returnFocusTo)}
          className="fixed inset-0 z-50 flex flex-col focus:outline-none"
        >
          <div className="flex items-center justify-between gap-3 px-3 py-2 text-white sm:px-5 sm:py-3">
            <RadixDialog.Title className="flex min-w-0 gap-1.5 text-sm font-semibold sm:text-base">
              <span className="min-w-0 truncate">{title}</span>
              {label && <span className="shrink-0 font-normal text-white/75">{`· ${label}`}</span>}
            </RadixDialog.Title>
            <RadixDialog.Close aria-label="Close full-size photo" className={BUTTON}>
              <X aria-hidden="true" size={22} />
            </RadixDialog.Close>
          </div>
          <RadixDialog.Description className="sr-only">
            {several
              ? 'The left and right arrow keys show the previous and next photo. Escape closes.'
              : 'Escape closes.'}
          </RadixDialog.Description>
          <div className="relative flex min-h-0 flex-1 items-center justify-center p-2 sm:px-16">
            <img
              key={images[index]}
              src={images[index]}
              alt={label ? `${title}, ${label.toLowerCase()}` : title}
              decoding="async"
              className="max-h-full max-w-full object-contain"
            />
            {several && (
              <>
                <button
                  type="button"
                  aria-label="Previous photo"
                  onClick={() => step(-1)}
                  className={`${BUTTON} absolute top-1/2 left-2 -translate-y-1/2 bg-black/40`}
                >
                  <ArrowLeft aria-hidden="true" size={24} />
                </button>
                <button
                  type="button"
                  aria-label="Next photo"
                  onClick={() => step(1)}
                  className={`${BUTTON} absolute top-1/2 right-2 -translate-y-1/2 bg-black/40`}
                >
                  <ArrowRight aria-hidden="true" size={24} />
                </button>
              </>
            )}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
