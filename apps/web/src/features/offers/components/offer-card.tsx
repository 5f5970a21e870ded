import type { OfferAction, OfferDto, OfferStatus } from '@castline/shared';
import { OFFER_NOTE_MAX, OPEN_OFFER_STATUSES } from '@castline/shared';
import { BadgeCheck, Check, Clock, HandCoins, X } from 'lucide-react';
import type { FormEvent } from 'react';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { lazyNamed, useLazyDialog } from '../../../components/ui/lazy-layer';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { fieldErrorsFromZod } from '../../../lib/form-errors';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { formatPrice, ListingImage } from '../../listings';
import type { OfferStep } from '../api/offers.api';
import { useCounterOffer, useMarkSoldToBuyer, useOfferStep } from '../api/offers.api';
import { MoneyField, NoteField, parseAmount } from './money-field';
import { checkWith } from '../../../lib/load-request-schemas';

const STATUS: Record<OfferStatus, { label: string; tone: 'brand' | 'reed' | 'neutral' | 'accent' }> = {
  pending: { label: 'Pending', tone: 'accent' },
  countered: { label: 'Countered', tone: 'brand' },
  accepted: { label: 'Accepted', tone: 'reed' },
  rejected: { label: 'Rejected', tone: 'neutral' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
  expired: { label: 'Expired', tone: 'neutral' },
};

export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  const { label, tone } = STATUS[status];
  return <Badge tone={tone}>{label}</Badge>;
}

export function isOpenOffer(offer: Pick<OfferDto, 'status'>): boolean {
  return OPEN_OFFER_STATUSES.includes(offer.status);
}

/** "Expires in 2 days" while the offer is open and its time has not run out yet. */
export function expiryText(offer: Pick<OfferDto, 'status' | 'expires_at'>, now = new Date()): string | null {
  if (!isOpenOffer(offer)) return null;
  if (new Date(offer.expires_at).getTime() <= now.getTime()) return 'Expires any moment';
  return `Expires ${formatRelativeTime(offer.expires_at, now)}`;
}

// The cancel confirmation (and the dialog library) loads on the first press, or on hover/focus.
const loadConfirm = () => import('../../../components/ui/confirm-dialog');
const ConfirmDialog = lazy(lazyNamed(loadConfirm, 'ConfirmDialog'));

/** Where the buyer's offer stands, in a sentence: "Your offer of $150 — waiting for the seller". */
export function buyerSummary(offer: Pick<OfferDto, 'status' | 'amount' | 'counter_amount'>): string | null {
  switch (offer.status) {
    case 'pending':
      return `Your offer of ${formatPrice(offer.amount)} — waiting for the seller`;
    case 'countered':
      return `The seller countered with ${formatPrice(offer.counter_amount ?? offer.amount)}`;
    case 'accepted':
      return `The seller accepted your offer of ${formatPrice(offer.counter_amount ?? offer.amount)}`;
    default:
      return null;
  }
}

const STEP_DONE: Record<OfferStep, string> = {
  accept: 'Offer accepted',
  reject: 'Offer rejected',
  cancel: 'Offer cancelled',
};

interface OfferCardProps {
  offer: OfferDto;
  /** The signed-in member: the seller or the buyer of the offer. */
  viewerId: string;
  /** Show the listing (photo, title, price); off where the listing is the page itself. */
  showListing?: boolean;
}

/**
 * One offer: the listing, the amounts (and the seller's counter), the notes, its state and when
 * it expires, and the steps open to the viewer (OfferDto.actions) as buttons.
 */
export function OfferCard({ offer, viewerId, showListing = true }: OfferCardProps) {
  const titleId = useId();
  const isSeller = viewerId === offer.seller.id;
  const other = isSeller ? offer.buyer : offer.seller;
  const expiry = expiryText(offer);
  const { listing } = offer;
  // On the listing's own page the buyer reads where the offer stands first.
  const summary = !showListing && !isSeller ? buyerSummary(offer) : null;

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm shadow-black/5"
    >
      <div className="flex items-start gap-3">
        {showListing && (
          <Link
            to={`/marketplace/${encodeURIComponent(listing.id)}`}
            tabIndex={-1}
            aria-hidden="true"
            className="w-16 shrink-0 overflow-hidden rounded-lg sm:w-20"
          >
            <ListingImage
              src={listing.image ?? undefined}
              alt=""
              preset="thumbnail"
              sizes="80px"
              aspectRatio={1}
            />
          </Link>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <h3 id={titleId} className="font-semibold break-words text-ink">
            {showListing ? (
              <Link to={`/marketplace/${encodeURIComponent(listing.id)}`} className="hover:underline">
                {listing.title}
              </Link>
            ) : (
              `Your offer on ${listing.title}`
            )}
          </h3>
          {showListing && (
            <p className="text-sm text-ink-muted">
              Listed at {formatPrice(listing.price)}
              {listing.sold && ' · Sold'}
              {!listing.sold && !listing.available && ' · No longer available'}
            </p>
          )}
          <p className="text-sm text-ink-muted">
            {isSeller ? 'From ' : 'To '}
            <Link
              to={`/profile/${encodeURIComponent(other.id)}`}
              className="font-medium break-all text-brand hover:underline"
            >
              @{other.username}
            </Link>
          </p>
        </div>
        <OfferStatusBadge status={offer.status} />
      </div>

      {summary && <p className="font-medium text-ink">{summary}</p>}

      <dl className="flex flex-wrap gap-x-6 gap-y-2">
        <div className="flex flex-col">
          <dt className="text-xs text-ink-muted">{isSeller ? 'Offer' : 'Your offer'}</dt>
          <dd className="text-lg font-bold tabular-nums">{formatPrice(offer.amount)}</dd>
        </div>
        {offer.counter_amount !== null && (
          <div className="flex flex-col">
            <dt className="text-xs text-ink-muted">{isSeller ? 'Your counter' : 'Counter offer'}</dt>
            <dd className="text-lg font-bold text-brand tabular-nums">{formatPrice(offer.counter_amount)}</dd>
          </div>
        )}
      </dl>

      {offer.note && <Note label={isSeller ? 'Buyer’s note' : 'Your note'} text={offer.note} />}
      {offer.counter_note && (
        <Note label={isSeller ? 'Your counter note' : 'Seller’s note'} text={offer.counter_note} />
      )}

      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-muted">
        {expiry && (
          <span className="inline-flex items-center gap-1 font-medium text-ink">
            <Clock aria-hidden="true" size={13} />
            <time dateTime={offer.expires_at} title={formatDateTime(offer.expires_at)}>
              {expiry}
            </time>
          </span>
        )}
        <span>
          Made{' '}
          <time dateTime={offer.created_at} title={formatDateTime(offer.created_at)}>
            {formatRelativeTime(offer.created_at)}
          </time>
        </span>
      </p>

      {offer.order_id && (
        // The accepted offer became an order: its steps (payment, shipping) go on there.
        <Link
          to={`/orders/${encodeURIComponent(offer.order_id)}`}
          className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'self-start' })}
        >
          View order
        </Link>
      )}

      {offer.actions.length > 0 && <OfferActions offer={offer} isSeller={isSeller} />}
    </article>
  );
}

function Note({ label, text }: { label: string; text: string }) {
  return (
    <div className="rounded-lg bg-surface-muted/70 px-3 py-2 text-sm">
      <p className="text-xs font-semibold text-ink-muted">{label}</p>
      <p className="break-words whitespace-pre-line text-ink">{text}</p>
    </div>
  );
}

function actionLabel(action: OfferAction, isSeller: boolean, buyer: string): string {
  switch (action) {
    case 'accept':
      return isSeller ? 'Accept' : 'Accept counter';
    case 'reject':
      return isSeller ? 'Reject' : 'Reject counter';
    case 'counter':
      return 'Counter';
    case 'cancel':
      return 'Cancel offer';
    case 'mark-sold':
      return `Mark sold to @${buyer}`;
  }
}

/** The buttons for OfferDto.actions; Counter opens a small amount form under them. */
function OfferActions({ offer, isSeller }: { offer: OfferDto; isSeller: boolean }) {
  const toast = useToast();
  const step = useOfferStep();
  const markSold = useMarkSoldToBuyer();
  const [countering, setCountering] = useState(false);
  const [pending, setPending] = useState<OfferAction | null>(null);
  const busy = step.isPending || markSold.isPending;

  const onError = (error: unknown) => toast.show(errorMessage(error), { tone: 'error' });

  const run = (action: OfferAction) => {
    if (busy) return;
    if (action === 'counter') {
      setCountering((value) => !value);
      return;
    }
    if (action === 'cancel') return;
    setPending(action);
    if (action === 'mark-sold') {
      markSold.mutate(
        { listingId: offer.listing.id, buyerId: offer.buyer.id },
        {
          onSuccess: () => toast.show(`Marked as sold to @${offer.buyer.username}`),
          onError,
          onSettled: () => setPending(null),
        },
      );
      return;
    }
    step.mutate(
      { offerId: offer.id, step: action },
      {
        onSuccess: () => toast.show(STEP_DONE[action]),
        onError,
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <div className="flex flex-col gap-3 border-t border-line pt-3">
      <div role="group" aria-label="Offer actions" className="flex flex-wrap gap-2">
        {offer.actions.map((action) =>
          action === 'cancel' ? (
            <CancelOfferButton key={action} offer={offer} disabled={busy} />
          ) : (
            <Button
              key={action}
              size="sm"
              variant={
                action === 'accept' || action === 'mark-sold'
                  ? 'primary'
                  : action === 'counter'
                    ? 'secondary'
                    : 'danger'
              }
              loading={pending === action}
              disabled={busy && pending !== action}
              aria-expanded={action === 'counter' ? countering : undefined}
              onClick={() => run(action)}
            >
              <ActionIcon action={action} />
              {actionLabel(action, isSeller, offer.buyer.username)}
            </Button>
          ),
        )}
      </div>
      {countering && <CounterForm offer={offer} onDone={() => setCountering(false)} />}
    </div>
  );
}

/** 'Cancel offer' asks first; the offer is withdrawn only once the buyer confirms. */
function CancelOfferButton({ offer, disabled }: { offer: OfferDto; disabled: boolean }) {
  const toast = useToast();
  const step = useOfferStep();
  const dialog = useLazyDialog(loadConfirm);

  const confirm = () => {
    if (step.isPending) return;
    step.mutate(
      { offerId: offer.id, step: 'cancel' },
      {
        onSuccess: () => {
          dialog.setOpen(false);
          toast.show(STEP_DONE.cancel);
        },
      },
    );
  };

  return (
    <>
      <Button size="sm" variant="danger" disabled={disabled} {...dialog.triggerProps}>
        <X aria-hidden="true" size={16} />
        {actionLabel('cancel', false, offer.buyer.username)}
      </Button>
      <Suspense fallback={null}>
        {dialog.mounted && (
          <ConfirmDialog
            open={dialog.open}
            onOpenChange={(next) => {
              dialog.setOpen(next);
              if (!next) step.reset();
            }}
            title="Cancel your offer?"
            description={`Your offer of ${formatPrice(offer.amount)} on “${offer.listing.title}” will be withdrawn. The seller can no longer accept it.`}
            confirmLabel="Yes, cancel offer"
            dismissLabel="Keep offer"
            pending={step.isPending}
            onConfirm={confirm}
            error={step.isError ? errorMessage(step.error) : null}
            returnFocusTo={dialog.triggerRef}
          />
        )}
      </Suspense>
    </>
  );
}

function ActionIcon({ action }: { action: OfferAction }) {
  const props = { 'aria-hidden': true, size: 16 } as const;
  switch (action) {
    case 'accept':
      return <Check {...props} />;
    case 'counter':
      return <HandCoins {...props} />;
    case 'mark-sold':
      return <BadgeCheck {...props} />;
    default:
      return <X {...props} />;
  }
}

type CounterField = 'amount' | 'note';

/** The seller's counter: an amount above zero and an optional note. */
function CounterForm({ offer, onDone }: { offer: OfferDto; onDone: () => void }) {
  const toast = useToast();
  const counter = useCounterOffer();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<CounterField, string>>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (counter.isPending) return;
    checkWith(
      'CounterOfferBody',
      { amount: parseAmount(amount), note },
      {
        form: event.currentTarget,
        invalid: (error) => setErrors(fieldErrorsFromZod<CounterField>(error)),
        valid: (data) => {
          setErrors({});
          counter.mutate(
            { offerId: offer.id, body: { amount: data.amount, ...(data.note ? { note: data.note } : {}) } },
            {
              onSuccess: (updated) => {
                toast.show(`Counter offer of ${formatPrice(updated.counter_amount ?? data.amount)} sent`);
                onDone();
              },
            },
          );
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Counter offer"
      className={cn('flex flex-col gap-3 rounded-xl border border-line bg-surface-muted/50 p-3')}
    >
      <MoneyField
        label="Counter amount"
        name="amount"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={errors.amount}
        hint={`They offered ${formatPrice(offer.amount)}; you listed it at ${formatPrice(offer.listing.price)}.`}
        autoFocus
      />
      <NoteField
        label="Note (optional)"
        name="note"
        value={note}
        max={OFFER_NOTE_MAX}
        onChange={(event) => setNote(event.target.value)}
        error={errors.note}
      />
      {counter.isError && <Alert tone="error">{errorMessage(counter.error)}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onDone} disabled={counter.isPending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={counter.isPending}>
          Send counter
        </Button>
      </div>
    </form>
  );
}
