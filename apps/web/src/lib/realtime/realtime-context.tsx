import type { ServerEventType } from '@castline/shared';
import type { ReactNode } from 'react';
import { createContext, use, useEffect, useRef, useSyncExternalStore } from 'react';
import type { RealtimeClient, RealtimeStatus, ServerEventOf } from './realtime-client';

const RealtimeContext = createContext<RealtimeClient | null>(null);

/** Makes the app's one realtime client available to every component below. */
export function RealtimeProvider({ client, children }: { client: RealtimeClient; children: ReactNode }) {
  return <RealtimeContext value={client}>{children}</RealtimeContext>;
}

/** The app's realtime client, or null outside <RealtimeProvider> (pages that never connect). */
export function useOptionalRealtimeClient(): RealtimeClient | null {
  return use(RealtimeContext);
}

export function useRealtimeClient(): RealtimeClient {
  const client = use(RealtimeContext);
  if (!client) throw new Error('useRealtimeClient must be used inside <RealtimeProvider>');
  return client;
}

/** The connection's state, re-rendering on every change. */
export function useRealtimeStatus(): RealtimeStatus {
  const client = useRealtimeClient();
  return useSyncExternalStore(
    (onChange) => client.onStatus(onChange),
    () => client.getStatus(),
    () => client.getStatus(),
  );
}

/** Calls `handler` for every event of `type` while the component is mounted. */
export function useRealtimeEvent<T extends ServerEventType>(
  type: T,
  handler: (event: ServerEventOf<T>) => void,
): void {
  const client = useRealtimeClient();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => client.subscribe(type, (event) => latest.current(event)), [client, type]);
}
