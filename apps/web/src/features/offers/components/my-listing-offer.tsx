import { useMyListingOffer } from '../api/offers.api';
import { OfferCard } from './offer-card';

interface MyListingOfferProps {
  listingId: string;
  /** The signed-in member, who is not the listing's seller. */
  viewerId: string;
}

/**
 * The signed-in buyer's own offer on the listing they are looking at (GET
 * /api/listings/:id/offers/mine): where it stands, when it expires and the steps open to them.
 * Nothing while it loads, when there is none, or once it is closed (cancelled, rejected, expired).
 * Realtime `offer.changed` refreshes it with every other offer query.
 */
export function MyListingOffer({ listingId, viewerId }: MyListingOfferProps) {
  const mine = useMyListingOffer(listingId);
  const offer = mine.data;
  if (!offer || offer.buyer.id !== viewerId) return null;
  if (offer.status !== 'pending' && offer.status !== 'countered' && offer.status !== 'accepted') return null;
  return <OfferCard offer={offer} viewerId={viewerId} showListing={false} />;
}
