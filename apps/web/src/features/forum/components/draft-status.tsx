import { Check, CircleExclamationPoint } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import type { DraftStatus as Status } from '../lib/use-draft-autosave';

/**
 * What became of the draft, read out politely: "Draft restored" (put back from the server),
 * "Saving draft…", "Draft saved" (kept on the server, so it is there after a reload and on another
 * device), or why it was not saved; a draft kept can be discarded.
 */
export function DraftStatus({ status, onDiscard }: { status: Status; onDiscard?: (() => void) | undefined }) {
  return (
    <div className="flex min-h-9 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
      <p aria-live="polite" className="inline-flex items-center gap-1.5">
        {status.state === 'saving' && (
          <>
            <Spinner size={13} />
            Saving draft…
          </>
        )}
        {(status.state === 'saved' || status.state === 'restored') && (
          <>
            <Check aria-hidden="true" size={15} className="text-reed" />
            {status.state === 'saved' ? 'Draft saved' : 'Draft restored'}
          </>
        )}
        {status.state === 'failed' && (
          <span className="inline-flex items-center gap-1.5 text-danger">
            <CircleExclamationPoint aria-hidden="true" size={15} />
            {`Draft not saved: ${status.message}`}
          </span>
        )}
      </p>
      {onDiscard && (status.state === 'saved' || status.state === 'restored') && (
        <button
          type="button"
          onClick={onDiscard}
          className="min-h-9 rounded-md px-1 font-semibold text-ink-muted underline-offset-2 hover:text-ink hover:underline"
        >
          Discard draft
        </button>
      )}
    </div>
  );
}
