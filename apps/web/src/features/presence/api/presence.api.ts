import type { PresenceDto, PresenceListDto } from '@castline/shared';
import { PRESENCE_WATCH_MAX } from '@castline/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client';
import { useRealtimeClient } from '../../../lib/realtime';
import { useSession } from '../../../lib/session';
import { presenceKeys } from './presence-keys';
import { watchPresence } from './presence-watch';

const MEMBER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Member ids are UUIDs; anything else has no presence to ask for. */
export function isMemberId(id: string): boolean {
  return MEMBER_ID.test(id);
}

interface Waiter {
  resolve: (presence: PresenceDto | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Asks GET /api/presence once for every member whose presence was asked for in the same turn of
 * the event loop (a list of 20 conversations makes one request, not 20).
 */
function createPresenceBatcher() {
  let waiting = new Map<string, Waiter[]>();
  let scheduled = false;

  async function flush(): Promise<void> {
    scheduled = false;
    const batch = waiting;
    waiting = new Map();
    const ids = [...batch.keys()];
    for (let start = 0; start < ids.length; start += PRESENCE_WATCH_MAX) {
      const chunk = ids.slice(start, start + PRESENCE_WATCH_MAX);
      try {
        const { items } = await api.get<PresenceListDto>(
          `/api/presence?${new URLSearchParams({ ids: chunk.join(',') }).toString()}`,
        );
        const byId = new Map(items.map((item) => [item.user_id, item]));
        for (const id of chunk)
          for (const waiter of batch.get(id) ?? []) waiter.resolve(byId.get(id) ?? null);
      } catch (error) {
        for (const id of chunk) for (const waiter of batch.get(id) ?? []) waiter.reject(error);
      }
    }
  }

  return function load(id: string): Promise<PresenceDto | null> {
    return new Promise((resolve, reject) => {
      const list = waiting.get(id) ?? [];
      list.push({ resolve, reject });
      waiting.set(id, list);
      if (!scheduled) {
        scheduled = true;
        queueMicrotask(() => void flush());
      }
    });
  };
}

export const loadPresence = createPresenceBatcher();

/** Writes presence that arrived inside another answer (a conversation list, a thread header). */
export function rememberPresence(queryClient: QueryClient, presence: PresenceDto): void {
  queryClient.setQueryData(presenceKeys.member(presence.user_id), presence);
}

/**
 * Keeps this tab watching the presence of `userIds` while the component is mounted: the realtime
 * client sends the union of every mounted watcher's ids, and presence events keep them current.
 */
export function useWatchPresence(userIds: readonly string[]): void {
  const client = useRealtimeClient();
  const key = [...new Set(userIds.filter(isMemberId))].sort().join(',');
  useEffect(() => {
    if (!key) return;
    return watchPresence(client, key.split(','));
  }, [client, key]);
}

/**
 * A member's presence (online, away, or offline with last_seen_at), or null while unknown. Only
 * for signed-in visitors; fetched in batches and kept current by the realtime connection.
 */
export function usePresence(userId: string | null | undefined): PresenceDto | null {
  const session = useSession();
  const id = userId ?? '';
  const enabled = Boolean(session.data?.user) && isMemberId(id);
  useWatchPresence(enabled ? [id] : []);
  const query = useQuery({
    queryKey: presenceKeys.member(id),
    queryFn: () => loadPresence(id),
    enabled,
  });
  return enabled ? (query.data ?? null) : null;
}
