import { IMAGE_MAX_DIMENSION } from '@castline/shared';
import { Monitor, Smartphone } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../../components/ui/dialog';

const WAYS = [
  {
    icon: Smartphone,
    title: 'On a phone',
    steps: [
      'Open the photo in Photos (iPhone) or Gallery (Android) and tap Edit.',
      'Crop it a little, or choose Resize where your phone offers it, then save it as a copy.',
      'A screenshot of the photo works too: screenshots are always small enough.',
    ],
  },
  {
    icon: Monitor,
    title: 'On Windows',
    steps: [
      'Right-click the photo and choose Open with › Paint.',
      'Choose Resize, pick Pixels, keep "Maintain aspect ratio" ticked and set the width to 2560.',
      'Choose File › Save as › JPEG picture, then add the new file here.',
    ],
  },
  {
    icon: Monitor,
    title: 'On a Mac',
    steps: [
      'Open the photo in Preview and choose Tools › Adjust Size….',
      'Keep "Scale proportionally" ticked and set the width to 2560 pixels.',
      'Choose File › Export…, pick JPEG, save it and add the new file here.',
    ],
  },
] as const;

interface ResizeHelpDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The photos that were too big, named in the dialog. */
  names: readonly string[];
}

/** Explains how to make a photo small enough, on a phone, on Windows and on a Mac. */
export function ResizeHelpDialog({ open, onOpenChange, names }: ResizeHelpDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="How to resize your photos"
        description={`Photos can be at most ${IMAGE_MAX_DIMENSION} pixels wide or tall. A width of 2560 pixels is plenty for a listing.`}
        className="max-w-lg"
      >
        {names.length > 0 && (
          <div className="mb-5 rounded-lg bg-surface-muted px-4 py-3 text-sm">
            <p className="font-semibold">Too big:</p>
            <ul className="mt-1 list-disc pl-5 break-all">
              {names.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </div>
        )}
        <div className="flex flex-col gap-5">
          {WAYS.map(({ icon: Icon, title, steps }) => (
            <section key={title} aria-label={title}>
              <h3 className="flex items-center gap-2 font-semibold">
                <Icon aria-hidden="true" size={18} className="text-reed" />
                {title}
              </h3>
              <ol className="mt-2 flex list-decimal flex-col gap-1 pl-5 text-sm leading-relaxed text-ink-muted">
                {steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </section>
          ))}
        </div>
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Got it</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
