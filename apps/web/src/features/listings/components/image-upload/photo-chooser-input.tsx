import type { Ref } from 'react';

interface PhotoChooserInputProps {
  ref: Ref<HTMLInputElement>;
  /** What the chooser is called for screen readers. */
  label: string;
  /** The files chosen (never an empty list); the input is cleared, so the same file can come again. */
  onFiles: (files: File[]) => void;
}

/**
 * The hidden file input behind a visible "add photos" button: any image, several at once, out of
 * the Tab order (the button is the control).
 */
export function PhotoChooserInput({ ref, label, onFiles }: PhotoChooserInputProps) {
  return (
    <input
      ref={ref}
      type="file"
      accept="image/*"
      multiple
      aria-label={label}
      tabIndex={-1}
      className="hidden"
      onChange={(event) => {
        const files = event.target.files;
        if (files && files.length > 0) onFiles(Array.from(files));
        event.target.value = '';
      }}
    />
  );
}
