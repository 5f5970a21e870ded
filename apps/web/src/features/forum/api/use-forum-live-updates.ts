import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ServerEventOf } from '../../../lib/realtime';
import { useRealtimeClient } from '../../../lib/realtime';
import { invalidateForumLists } from './forum.api';
import { forumKeys } from './forum-keys';

type ContentChanged = ServerEventOf<'content.changed'>;

/** Events arriving within this window (a burst of likes) cause one refetch, not one each. */
export const LIVE_UPDATE_BATCH_MS = 250;

/** What a batch of content-change events makes stale. */
interface PendingChanges {
  postIds: Set<string>;
  /** A profile changed (name, avatar, deletion): every post page may show it. */
  allPosts: boolean;
}

/** Marks stale, and refetches where shown, everything a batch of events changed. */
export function applyContentChanges(queryClient: QueryClient, changes: PendingChanges): Promise<unknown> {
  const work: Promise<unknown>[] = [invalidateForumLists(queryClient)];
  if (changes.allPosts) {
    work.push(queryClient.invalidateQueries({ queryKey: forumKeys.details }));
  } else {
    for (const postId of changes.postIds) {
      work.push(queryClient.invalidateQueries({ queryKey: forumKeys.detail(postId), exact: true }));
    }
  }
  return Promise.all(work);
}

/**
 * Keeps open forum lists and post pages current: every 'content.changed' event of the realtime
 * channel (a post, comment, like or profile changed anywhere) refreshes what it touches, and a
 * reconnect refreshes the whole forum (events may have been missed). Mount it on forum pages.
 */
export function useForumLiveUpdates(batchMs: number = LIVE_UPDATE_BATCH_MS): void {
  const client = useRealtimeClient();
  const queryClient = useQueryClient();

  useEffect(() => {
    let pending: PendingChanges | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const flush = () => {
      timer = undefined;
      const changes = pending;
      pending = null;
      if (changes) void applyContentChanges(queryClient, changes);
    };

    const onChange = (event: ContentChanged) => {
      pending ??= { postIds: new Set(), allPosts: false };
      if (event.entity === 'profile') pending.allPosts = true;
      if (event.post_id) pending.postIds.add(event.post_id);
      timer ??= setTimeout(flush, batchMs);
    };

    const stops = [
      client.subscribe('content.changed', onChange),
      client.onReconnect(() => void queryClient.invalidateQueries({ queryKey: forumKeys.all })),
    ];
    return () => {
      for (const stop of stops) stop();
      clearTimeout(timer);
    };
  }, [client, queryClient, batchMs]);
}
