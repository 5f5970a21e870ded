import type { BuyNowBody, ListingDto, OrderDto, OrderHandover } from '@castline/shared';
import { buyNowHandovers } from '@castline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent, RefObject } from 'react';
import { useState } from 'react';
import { useNavigate } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { api, errorMessage } from '../../../lib/api-client';
import { formatDollars as formatPrice } from '../../../lib/format-number';
import { storeOrder } from '../api/store-order';
import { RadioCard } from './radio-card';

interface BuyNowDialogProps {
  listing: ListingDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * POST /api/listings/:id/buy: an order awaiting payment; the listing is held for the buyer. (Here
 * rather than with the other order requests in orders.api.ts: this dialog loads from the listing
 * page, which should not carry the order pages' code.)
 */
function useBuyNow(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BuyNowBody) =>
      api.post<OrderDto>(`/api/listings/${encodeURIComponent(listingId)}/buy`, body),
    onSuccess: (order) => storeOrder(queryClient, order),
  });
}

/** "Free shipping", or the shipping price. */
function shippingLabel(price: number): string {
  return price === 0 ? 'Free shipping' : formatPrice(price);
}

/**
 * 'Buy now': the price, shipping (or local pickup, where the listing offers both) and the total;
 * payment is arranged with the seller and the listing is held meanwhile. Confirming places the
 * order and opens its page.
 */
export function BuyNowDialog({ listing, open, onOpenChange, returnFocusTo }: BuyNowDialogProps) {
  const navigate = useNavigate();
  const buy = useBuyNow(listing.id);
  const handovers = buyNowHandovers(listing);
  const [handover, setHandover] = useState<OrderHandover>(handovers[0] ?? 'shipping');
  const shippingPrice = listing.shipping_price ?? 0;
  const shipping = handover === 'shipping' ? shippingPrice : 0;
  const seller = `@${listing.seller.username}`;

  const change = (next: boolean) => {
    if (buy.isPending) return;
    if (!next) buy.reset();
    onOpenChange(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (buy.isPending) return;
    buy.mutate(handovers.length > 1 ? { handover } : {}, {
      onSuccess: (order) => {
        onOpenChange(false);
        void navigate(`/orders/${encodeURIComponent(order.id)}`);
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        title="Buy now"
        description={`“${listing.title}” from ${seller}, at its listed price.`}
        className="max-w-lg"
        returnFocusTo={returnFocusTo}
      >
        <form onSubmit={submit} className="flex flex-col gap-4">
          {handovers.length > 1 && (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-semibold text-ink">How do you want it?</legend>
              <RadioCard
                name="handover"
                value="shipping"
                checked={handover === 'shipping'}
                onChange={setHandover}
                label={`Ship to me (${shippingPrice === 0 ? 'free' : `+${formatPrice(shippingPrice)}`})`}
                {...(listing.ships_from ? { detail: `Ships from ${listing.ships_from}` } : {})}
              />
              <RadioCard
                name="handover"
                value="pickup"
                checked={handover === 'pickup'}
                onChange={setHandover}
                label="Local pickup"
                detail={`Collect it from ${seller} in ${listing.location}`}
              />
            </fieldset>
          )}

          <dl
            aria-label="Amounts"
            className="flex flex-col gap-2 rounded-xl bg-surface-muted/70 px-4 py-3 text-sm"
          >
            <div className="flex justify-between gap-4">
              <dt className="text-ink-muted">Price</dt>
              <dd className="tabular-nums">{formatPrice(listing.price)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-ink-muted">Shipping</dt>
              <dd className="tabular-nums">
                {handover === 'pickup' ? 'Local pickup' : shippingLabel(shipping)}
              </dd>
            </div>
            <div className="flex justify-between gap-4 border-t border-line pt-2 text-base font-bold text-ink">
              <dt>Total</dt>
              <dd className="tabular-nums">{formatPrice(listing.price + shipping)}</dd>
            </div>
          </dl>

          <p className="text-sm leading-relaxed text-ink-muted">
            Payment is arranged directly with {seller}, outside Castline: they confirm here once it arrives.
            Meanwhile the listing is held for you and leaves the marketplace.
          </p>

          {buy.isError && <Alert tone="error">{errorMessage(buy.error)}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={buy.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" loading={buy.isPending}>
              Buy now
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
