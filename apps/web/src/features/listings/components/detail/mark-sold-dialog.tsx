import type { ListingDto } from '@castline/shared';
import { Store } from 'lucide-react';
import type { FormEvent, ReactNode, RefObject } from 'react';
import { useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../../components/ui/dialog';
import { MemberAvatar } from '../../../../components/ui/member-avatar';
import { LoadingSkeleton, Skeleton } from '../../../../components/ui/skeleton';
import { useToast } from '../../../../components/ui/toaster';
import { cn } from '../../../../lib/cn';
import { errorMessage } from '../../../../lib/api-client';
import { useMarkSold } from '../../api/listing-actions';
import { useBuyerCandidates } from '../../api/listing-detail.api';
import { DETAIL_TEXTS } from './detail-texts';

/** The radio value of 'Sold outside Castline' (sent as buyer_id null). */
const OUTSIDE = 'outside';

function BuyerOption({
  value,
  checked,
  onChange,
  children,
}: {
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <li>
      <label
        className={cn(
          'flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 transition-colors',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
          checked ? 'border-brand bg-brand-soft' : 'border-line hover:bg-surface-muted',
        )}
      >
        <input
          type="radio"
          name="buyer"
          value={value}
          checked={checked}
          onChange={() => onChange(value)}
          className="size-4 shrink-0 accent-brand"
        />
        {children}
      </label>
    </li>
  );
}

interface MarkSoldDialogProps {
  listing: ListingDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * 'Mark as sold': the seller picks the buyer among the members who messaged or made an offer, or
 * says it was sold outside Castline; POST /api/listings/:id/mark-sold, then a toast.
 */
export function MarkSoldDialog({ listing, open, onOpenChange, returnFocusTo }: MarkSoldDialogProps) {
  const [choice, setChoice] = useState<string | null>(null);
  const candidates = useBuyerCandidates(listing.id, open);
  const markSold = useMarkSold(listing.id);
  const toast = useToast();

  const items = candidates.data?.items ?? [];
  // With nobody to pick, the only answer is preselected.
  const selected = choice ?? (candidates.isSuccess && items.length === 0 ? OUTSIDE : null);

  const change = (next: boolean) => {
    if (markSold.isPending) return;
    onOpenChange(next);
    if (!next) {
      setChoice(null);
      markSold.reset();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!selected) return;
    markSold.mutate(
      { buyer_id: selected === OUTSIDE ? null : selected },
      {
        onSuccess: () => {
          toast.show(DETAIL_TEXTS.markedSold);
          onOpenChange(false);
          setChoice(null);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        title={DETAIL_TEXTS.markSoldTitle}
        description={`Who bought “${listing.title}”? Your buyer can then rate the sale.`}
        returnFocusTo={returnFocusTo}
      >
        <form onSubmit={submit} className="flex flex-col gap-4">
          {candidates.isPending ? (
            <LoadingSkeleton label="Loading buyers" className="flex flex-col gap-2">
              <Skeleton className="h-14 w-full rounded-xl" />
              <Skeleton className="h-14 w-full rounded-xl" />
            </LoadingSkeleton>
          ) : candidates.isError ? (
            <Alert tone="error">
              <p>{errorMessage(candidates.error)}</p>
              <Button
                variant="secondary"
                size="sm"
                className="mt-2"
                onClick={() => void candidates.refetch()}
              >
                Try again
              </Button>
            </Alert>
          ) : (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-semibold text-ink">Buyer</legend>
              {items.length === 0 && (
                <p className="mb-1 text-sm text-ink-muted">{DETAIL_TEXTS.noCandidates}</p>
              )}
              <ul className="flex flex-col gap-2">
                {items.map((candidate) => (
                  <BuyerOption
                    key={candidate.id}
                    value={candidate.id}
                    checked={selected === candidate.id}
                    onChange={setChoice}
                  >
                    <MemberAvatar url={candidate.avatar_url} className="size-9" iconSize={18} />
                    <span className="min-w-0 truncate font-medium">{candidate.username}</span>
                  </BuyerOption>
                ))}
                <BuyerOption value={OUTSIDE} checked={selected === OUTSIDE} onChange={setChoice}>
                  <span
                    aria-hidden="true"
                    className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-surface-muted text-ink-muted"
                  >
                    <Store size={18} />
                  </span>
                  <span className="font-medium">{DETAIL_TEXTS.soldOutside}</span>
                </BuyerOption>
              </ul>
            </fieldset>
          )}
          {markSold.isError && <Alert tone="error">{errorMessage(markSold.error)}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={markSold.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" loading={markSold.isPending} disabled={!selected}>
              Mark as sold
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
