import type { HandoverMethod, ListingSummaryDto } from '@castline/shared';
import { OFFER_MESSAGES, OFFER_NOTE_MAX } from '@castline/shared';
import type { FormEvent, RefObject } from 'react';
import { useState } from 'react';
import { Link, useNavigate } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { LoadingSkeleton, Skeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { fieldErrorsFromIssues, fieldErrorsFromZod } from '../../../lib/form-errors';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useSession } from '../../../lib/session';
import { formatPrice } from '../../listings';
import { useMakeOffer, useMyListingOffer } from '../api/offers.api';
import { MoneyField, NoteField, parseAmount } from './money-field';
import { OfferCard } from './offer-card';
import { checkWith } from '../../../lib/load-request-schemas';

/** What the dialog needs to know about the listing (its terms, where the page has them). */
export type OfferListing = Pick<ListingSummaryDto, 'id' | 'title' | 'price'> & {
  handover?: HandoverMethod;
  shipping_price?: number | null;
};

interface MakeOfferDialogProps {
  listing: OfferListing;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * 'Make an offer' on a listing: an amount (with its $ sign) and an optional note for the seller.
 * When the member already has an open offer on the listing, that offer is shown instead of the form,
 * with what they can still do with it.
 */
export function MakeOfferDialog({ listing, open, onOpenChange, returnFocusTo }: MakeOfferDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Make an offer"
        description={`On “${listing.title}”, listed at ${formatPrice(listing.price)}. The seller has 48 hours to answer.`}
        className="max-w-lg"
        returnFocusTo={returnFocusTo}
      >
        <OfferDialogBody listing={listing} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function OfferDialogBody({ listing, onDone }: { listing: OfferListing; onDone: () => void }) {
  const session = useSession();
  const mine = useMyListingOffer(listing.id);

  if (mine.isPending) {
    return (
      <LoadingSkeleton label="Checking your offers" className="flex flex-col gap-4">
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="ml-auto h-11 w-32" />
      </LoadingSkeleton>
    );
  }

  if (mine.isError) {
    return (
      <Alert tone="error">
        <p>{errorMessage(mine.error)}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void mine.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  if (mine.data) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="info">
          {mine.data.status === 'accepted' ? (
            <>
              The seller accepted your offer, so it is an order now.{' '}
              {mine.data.order_id && (
                <Link to={`/orders/${mine.data.order_id}`} className="font-medium underline">
                  View the order
                </Link>
              )}
            </>
          ) : (
            OFFER_MESSAGES.alreadyOpen
          )}
        </Alert>
        <OfferCard offer={mine.data} viewerId={session.data?.user?.id ?? ''} showListing={false} />
        <DialogClose asChild>
          <Button variant="secondary" className="self-end">
            Close
          </Button>
        </DialogClose>
      </div>
    );
  }

  return <OfferForm listing={listing} onDone={onDone} onAlreadyOpen={() => void mine.refetch()} />;
}

type OfferField = 'amount' | 'note';
const FIELDS: readonly OfferField[] = ['amount', 'note'];

function OfferForm({
  listing,
  onDone,
  onAlreadyOpen,
}: {
  listing: OfferListing;
  onDone: () => void;
  onAlreadyOpen: () => void;
}) {
  const toast = useToast();
  const navigate = useNavigate();
  const makeOffer = useMakeOffer(listing.id);
  const choosesHandover = listing.handover === 'both';
  const [handover, setHandover] = useState<'shipping' | 'pickup'>('shipping');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const { errors, show, clear } = useFieldErrors(FIELDS);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (makeOffer.isPending) return;
    checkWith(
      'CreateOfferBody',
      { amount: parseAmount(amount), note },
      {
        form,
        invalid: (error) => {
          makeOffer.reset();
          show(fieldErrorsFromZod<OfferField>(error), form);
        },
        valid: (data) => send(data, form),
      },
    );
  };

  const send = (
    { amount: dollars, note: text }: { amount: number; note: string | null },
    form: HTMLFormElement,
  ) => {
    show({});
    makeOffer.mutate(
      { amount: dollars, ...(text ? { note: text } : {}), ...(choosesHandover ? { handover } : {}) },
      {
        onSuccess: (offer) => {
          onDone();
          // At the seller's auto-accept amount the offer is accepted at once and is an order.
          if (offer.status === 'accepted' && offer.order_id) {
            toast.show(`The seller accepts offers of ${formatPrice(offer.amount)}: it is an order now`);
            void navigate(`/orders/${offer.order_id}`);
            return;
          }
          toast.show(`Offer of ${formatPrice(offer.amount)} sent to the seller`);
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          show(fieldErrorsFromIssues(error.issues, FIELDS), form);
          if (error.message === OFFER_MESSAGES.alreadyOpen) onAlreadyOpen();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <MoneyField
        label="Your offer"
        name="amount"
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          clear('amount');
        }}
        error={errors.amount}
        // Empty until the buyer types: a sample amount in the field reads as a value already given.
        hint={`Asking price ${formatPrice(listing.price)}. Enter the amount you offer, in dollars.`}
        autoFocus
      />
      {choosesHandover && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-ink">Delivery</legend>
          {(
            [
              [
                'shipping',
                listing.shipping_price
                  ? `Ship to me (+${formatPrice(listing.shipping_price)} shipping)`
                  : 'Ship to me (free shipping)',
              ],
              ['pickup', 'Local pickup'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="inline-flex min-h-11 cursor-pointer items-center gap-2.5 text-sm">
              <input
                type="radio"
                name="handover"
                value={value}
                checked={handover === value}
                onChange={() => setHandover(value)}
                className="size-4.5 accent-[var(--brand)]"
              />
              {label}
            </label>
          ))}
        </fieldset>
      )}
      <NoteField
        label="Note to the seller (optional)"
        name="note"
        value={note}
        max={OFFER_NOTE_MAX}
        placeholder="When you could pick it up, questions about its condition…"
        onChange={(event) => {
          setNote(event.target.value);
          clear('note');
        }}
        error={errors.note}
      />
      {makeOffer.isError && !Object.values(errors).includes(makeOffer.error.message) && (
        <Alert tone="error">{errorMessage(makeOffer.error)}</Alert>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary" disabled={makeOffer.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" loading={makeOffer.isPending}>
          Send offer
        </Button>
      </div>
    </form>
  );
}
