import { lazy, Suspense } from 'react';
import { lazyNamed } from '../../../components/ui/lazy-layer';

// The panel (the offer card, its query and steps) is not part of the listing page's first load: it
// loads only for a signed-in member who is not the seller.
const MyListingOffer = lazy(lazyNamed(() => import('./my-listing-offer'), 'MyListingOffer'));

interface MyListingOfferSlotProps {
  listingId: string;
  /** The signed-in member, or null for a guest. */
  viewerId: string | null;
  sellerId: string;
}

/** The listing page's place for the buyer's own offer; empty (no space taken) for guests and the seller. */
export function MyListingOfferSlot({ listingId, viewerId, sellerId }: MyListingOfferSlotProps) {
  if (viewerId === null || viewerId === sellerId) return null;
  return (
    <Suspense fallback={null}>
      <MyListingOffer listingId={listingId} viewerId={viewerId} />
    </Suspense>
  );
}
