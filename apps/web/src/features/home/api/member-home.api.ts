import type { AlertMatchListDto, ConversationListDto, OfferListDto } from '@castline/shared';
import { LISTING_PAGE_SIZE } from '@castline/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ALERT_MATCHES_PAGE_SIZE, alertKeys } from '../../alerts';
import { fetchListings, listingKeys, nextPageOf } from '../../listings';
import { messagingKeys } from '../../messaging';
import { notificationKeys, unreadKey } from '../../../lib/notification-keys';
import { OFFERS_PAGE_SIZE, offerKeys } from '../../offers';
import { presenceKeys } from '../../presence';

/*
 * What a member's home shows: the first page of lists the app shows in full elsewhere, asked for
 * with the same query key and the same request, so that the home and those pages share one
 * cached answer (and the realtime updates written into it). Built on the features' key modules
 * only, which the app's shell already holds: the home's own code (loaded for members only) then
 * splits no other page's code into extra pieces.
 */

/** The member's unsold listings, newest first: the first page of the profile's Listings tab. */
export function useMyListingsForSale(userId: string) {
  return useInfiniteQuery({
    queryKey: [...listingKeys.seller(userId), { sold: false }] as const,
    queryFn: ({ pageParam, signal }) =>
      fetchListings(
        { seller_id: userId, sold: 'false', sort: 'newest', page: pageParam, pageSize: LISTING_PAGE_SIZE },
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

/** The conversation list, newest first (the Messages page without a search). */
export function useMyConversations() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messagingKeys.conversations(''),
    queryFn: async ({ signal }) => {
      const list = await api.get<ConversationListDto>('/api/conversations?archived=false', signal);
      // Presence arrives with the list, as on the Messages page.
      for (const item of list.items)
        queryClient.setQueryData(presenceKeys.member(item.presence.user_id), item.presence);
      return list;
    },
  });
}

/** The open offers received or made: the first page of the profile's offers tabs, open ones only. */
export function useMyOpenOffers(role: 'received' | 'made') {
  return useQuery({
    queryKey: offerKeys.list(role, 'open', 1),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        role,
        status: 'open',
        page: '1',
        pageSize: String(OFFERS_PAGE_SIZE),
      });
      return api.get<OfferListDto>(`/api/me/offers?${query.toString()}`, signal);
    },
  });
}

/** The newest listings the member's alerts matched: the first page of the Captain's Club matches. */
export function useMyAlertMatches() {
  return useQuery({
    queryKey: alertKeys.matches(null, 1),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: '1', pageSize: String(ALERT_MATCHES_PAGE_SIZE) });
      return api.get<AlertMatchListDto>(`/api/alerts/matches?${query.toString()}`, signal);
    },
  });
}

/**
 * POST /api/alerts/matches/:id/read as a match is opened from the home (the member is on their way
 * to the listing): the matches, the alerts' counts, the notifications and the badge refresh.
 */
export function useMarkMatchOpened() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/alerts/matches/${encodeURIComponent(id)}/read`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: alertKeys.all });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      void queryClient.invalidateQueries({ queryKey: unreadKey });
    },
  });
}
