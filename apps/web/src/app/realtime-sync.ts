import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../lib/session';
import { useRealtimeClient } from '../lib/realtime';

/**
 * The app's realtime connection follows the session: open while a member is signed in (events
 * into the cache), closed on sign-out or when the session ends.
 */
export function useRealtimeSync(): void {
  const client = useRealtimeClient();
  const queryClient = useQueryClient();
  const session = useSession();
  const viewerId = session.data?.user?.id ?? null;

  useEffect(() => {
    if (!viewerId) return;
    // What the events do to the cache loads with the first signed-in page, not in its first load.
    let stopped = false;
    let disconnect: (() => void) | null = null;
    void import('./realtime-cache').then(({ connectRealtimeToCache }) => {
      if (stopped) return;
      disconnect = connectRealtimeToCache(client, queryClient, viewerId);
      client.start();
    });
    return () => {
      stopped = true;
      disconnect?.();
      client.stop();
    };
  }, [client, queryClient, viewerId]);
}
