import { Camera } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';

/* The frame of the create and edit pages: title, the form, and photo tips beside it. */

const PHOTO_TIPS = [
  'Shoot in daylight or good, even light; avoid flash glare on blanks and spools.',
  'Start with the whole rod or reel, then close-ups of guides, handle, spool and any wear.',
  'JPEG, PNG or WebP, up to 10 MB per photo and at most 9000 pixels on a side.',
] as const;

function PhotoTips() {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} className="h-fit bg-reed-soft p-5 lg:sticky lg:top-24">
      <h2 id={headingId} className="flex items-center gap-2 font-semibold">
        <Camera aria-hidden="true" size={18} className="text-reed" />
        Photo tips
      </h2>
      <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-sm leading-relaxed">
        {PHOTO_TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </Card>
  );
}

export function EditorPage({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <title>{`${title} · Castline`}</title>
      <PageHeader title={title} description={description} />
      {children}
    </div>
  );
}

/** The form beside the photo tips (the tips go below the form on phones). */
export function EditorLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
      <div className="min-w-0">{children}</div>
      <PhotoTips />
    </div>
  );
}
