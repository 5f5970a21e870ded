import type { ReplyDraftDto, TopicDraftDto } from '@castline/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A new topic's draft, or the reply draft in one topic. */
export type DraftPlace = { kind: 'new-topic' } | { kind: 'reply'; postId: string };

export function draftUrl(place: DraftPlace): string {
  return place.kind === 'new-topic'
    ? '/api/forum/drafts/new-topic'
    : `/api/forum/posts/${encodeURIComponent(place.postId)}/draft`;
}

export const draftKeyOf = (url: string) => ['forum', 'draft', url] as const;
export const draftKey = (place: DraftPlace) => draftKeyOf(draftUrl(place));

/** The member's draft of a new topic, as the server keeps it (read once per opening). */
export function useTopicDraft(enabled: boolean) {
  return useQuery({
    queryKey: draftKey({ kind: 'new-topic' }),
    queryFn: ({ signal }) => api.get<TopicDraftDto>(draftUrl({ kind: 'new-topic' }), signal),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** The member's reply draft in a topic. */
export function useReplyDraft(postId: string, enabled: boolean) {
  return useQuery({
    queryKey: draftKey({ kind: 'reply', postId }),
    queryFn: ({ signal }) => api.get<ReplyDraftDto>(draftUrl({ kind: 'reply', postId }), signal),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
