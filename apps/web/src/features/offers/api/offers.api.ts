import type {
  CounterOfferBody,
  CreateOfferBody,
  ListingDto,
  MyListingOfferDto,
  OfferDto,
  OfferDto as OfferDtoType,
  OfferListDto,
  OfferListDto as OfferList,
  OffersWithMemberDto,
} from '@castline/shared';
import type { QueryClient } from '@tanstack/react-query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listingKeys } from '../../listings';
import { notificationKeys } from '../../../lib/notification-keys';
import { OFFERS_PAGE_SIZE, offerKeys } from './offer-keys';

export type OfferRole = 'received' | 'made';
export type OfferStatusFilter = 'open' | 'all';

function listingPath(listingId: string, suffix = ''): string {
  return `/api/listings/${encodeURIComponent(listingId)}${suffix}`;
}

/** GET /api/me/offers: the offers the member received (as seller) or made (as buyer). */
export function useOffers(role: OfferRole, status: OfferStatusFilter, page: number) {
  return useQuery({
    queryKey: offerKeys.list(role, status, page),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        role,
        status,
        page: String(page),
        pageSize: String(OFFERS_PAGE_SIZE),
      });
      return api.get<OfferListDto>(`/api/me/offers?${query.toString()}`, signal);
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /api/me/offers/with/:userId: the offers between the caller and a member, newest first. */
export function useOffersWith(memberId: string, enabled = true) {
  return useQuery({
    queryKey: offerKeys.with(memberId),
    queryFn: ({ signal }) =>
      api.get<OffersWithMemberDto>(`/api/me/offers/with/${encodeURIComponent(memberId)}`, signal),
    enabled: enabled && memberId !== '',
    select: (data) => data.items,
  });
}

/** GET /api/listings/:id/offers/mine: the member's open (or accepted) offer on a listing, or null. */
export function useMyListingOffer(listingId: string, enabled = true) {
  return useQuery({
    queryKey: offerKeys.mine(listingId),
    queryFn: ({ signal }) => api.get<MyListingOfferDto>(listingPath(listingId, '/offers/mine'), signal),
    enabled: enabled && listingId !== '',
    select: (data) => data.offer,
  });
}

/**
 * Writes an offer the server answered with into every cached list that holds it and into the
 * listing's "my offer", then refreshes the lists (an offer may move between Open and All).
 */
export function storeOffer(queryClient: QueryClient, offer: OfferDtoType): void {
  queryClient.setQueriesData<OfferList>({ queryKey: offerKeys.lists() }, (list) =>
    list ? { ...list, items: list.items.map((item) => (item.id === offer.id ? offer : item)) } : list,
  );
  queryClient.setQueryData(offerKeys.mine(offer.product_id), { offer });
  void queryClient.invalidateQueries({ queryKey: offerKeys.lists() });
  // Each step notifies the other member; our own list of notifications may hold the earlier step.
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all, refetchType: 'none' });
}

/** POST /api/listings/:id/offers. */
export function useMakeOffer(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOfferBody) => api.post<OfferDto>(listingPath(listingId, '/offers'), body),
    onSuccess: (offer) => storeOffer(queryClient, offer),
  });
}

export type OfferStep = 'accept' | 'reject' | 'cancel';

/** POST /api/offers/:id/accept | reject | cancel. */
export function useOfferStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, step }: { offerId: string; step: OfferStep }) =>
      api.post<OfferDto>(`/api/offers/${encodeURIComponent(offerId)}/${step}`),
    onSuccess: (offer) => storeOffer(queryClient, offer),
  });
}

/** POST /api/offers/:id/counter: the seller's counter amount (and note). */
export function useCounterOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, body }: { offerId: string; body: CounterOfferBody }) =>
      api.post<OfferDto>(`/api/offers/${encodeURIComponent(offerId)}/counter`, body),
    onSuccess: (offer) => storeOffer(queryClient, offer),
  });
}

/**
 * 'Mark sold to @buyer' on an accepted offer: POST /api/listings/:id/mark-sold {buyer_id}. The
 * listing's other open offers are closed by the server, so every offer list and listing refreshes.
 */
export function useMarkSoldToBuyer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listingId, buyerId }: { listingId: string; buyerId: string }) =>
      api.post<ListingDto>(listingPath(listingId, '/mark-sold'), { buyer_id: buyerId }),
    onSuccess: (listing) => {
      queryClient.setQueryData(listingKeys.detail(listing.id), listing);
      void queryClient.invalidateQueries({ queryKey: offerKeys.all });
      void queryClient.invalidateQueries({ queryKey: listingKeys.all });
    },
  });
}
