import type {
  BlockedMembersDto,
  BlockResultDto,
  PublicProfileDto,
  PublicProfileDto as Profile,
  SessionStateDto,
  UpdateProfileBody,
} from '@castline/shared';
import { LISTING_PAGE_SIZE } from '@castline/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authKeys } from '../../../lib/session';
import { fetchListings, listingKeys, nextPageOf } from '../../listings';
import { messagingKeys } from '../../messaging';

export const profileKeys = {
  all: ['profiles'] as const,
  detail: (userId: string) => ['profiles', userId] as const,
  /** The members the signed-in member blocked (settings). */
  blocked: () => ['profiles', 'me', 'blocked'] as const,
  /**
   * A member's forum posts (all pages, then one page). Kept under 'forum', so that whatever
   * refreshes the forum's caches refreshes these too.
   */
  memberPosts: (userId: string) => ['forum', 'profile-posts', userId] as const,
  posts: (userId: string, page: number) => ['forum', 'profile-posts', userId, page] as const,
};

/** Forum caches are keyed under 'forum': a block changes which posts are collapsed there. */
const FORUM_KEY = ['forum'] as const;

/** GET /api/profiles/:userId */
export function useProfile(userId: string) {
  return useQuery({
    queryKey: profileKeys.detail(userId),
    queryFn: ({ signal }) => api.get<PublicProfileDto>(`/api/profiles/${encodeURIComponent(userId)}`, signal),
    enabled: userId !== '',
  });
}

/**
 * PATCH /api/profiles/me. The answer replaces the cached profile, and the name and picture in the
 * session (the header's profile button) follow at once.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api.patch<PublicProfileDto>('/api/profiles/me', body),
    onSuccess: (profile) => {
      queryClient.setQueryData<Profile>(profileKeys.detail(profile.id), profile);
      queryClient.setQueryData<SessionStateDto>(authKeys.session, (state) =>
        state?.user && state.user.id === profile.id
          ? {
              ...state,
              user: { ...state.user, full_name: profile.full_name, avatar_url: profile.avatar_url },
            }
          : state,
      );
    },
  });
}

/** POST /api/profiles/:userId/block: blocks or unblocks (a toggle); the answer is the new state. */
export function useToggleBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api.post<BlockResultDto>(`/api/profiles/${encodeURIComponent(userId)}/block`),
    onSuccess: async ({ blocked }, userId) => {
      queryClient.setQueryData<Profile>(profileKeys.detail(userId), (profile) =>
        profile ? { ...profile, blocked_by_me: blocked } : profile,
      );
      if (!blocked) {
        queryClient.setQueryData<BlockedMembersDto>(profileKeys.blocked(), (list) =>
          list ? { items: list.items.filter((member) => member.id !== userId) } : list,
        );
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.blocked() }),
        queryClient.invalidateQueries({ queryKey: messagingKeys.all }),
        queryClient.invalidateQueries({ queryKey: FORUM_KEY }),
      ]);
    },
  });
}

/** GET /api/me/blocked */
export function useBlockedMembers() {
  return useQuery({
    queryKey: profileKeys.blocked(),
    queryFn: ({ signal }) => api.get<BlockedMembersDto>('/api/me/blocked', signal),
  });
}

/** A member's unsold (`sold` false) or sold listings, newest first, 20 at a time. */
export function useProfileListings(userId: string, sold: boolean) {
  return useInfiniteQuery({
    queryKey: [...listingKeys.seller(userId), { sold }] as const,
    queryFn: ({ pageParam, signal }) =>
      fetchListings(
        {
          seller_id: userId,
          sold: sold ? 'true' : 'false',
          sort: 'newest',
          page: pageParam,
          pageSize: LISTING_PAGE_SIZE,
        },
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: userId !== '',
  });
}
