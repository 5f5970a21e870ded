import { LoaderCircle, RefreshCw, WifiOff } from 'lucide-react';
import { useRealtimeClient, useRealtimeStatus } from '../../lib/realtime';

export const CONNECTION_TEXTS = {
  reconnecting: 'Reconnecting…',
  offline: "You're offline. New messages will appear when you reconnect.",
  retry: 'Retry',
} as const;

/**
 * A slim bar under the header while the live connection is down: "Reconnecting…" during the
 * back-off, and once it has given up, an offline note with a Retry button.
 */
export function ConnectionBar() {
  const client = useRealtimeClient();
  const status = useRealtimeStatus();

  if (status === 'reconnecting') {
    return (
      <div
        role="status"
        className="sticky top-16 z-20 flex items-center justify-center gap-2 border-b border-line bg-brand-soft px-4 py-1.5 text-sm font-medium text-brand"
      >
        <LoaderCircle aria-hidden="true" size={14} className="animate-spin" />
        {CONNECTION_TEXTS.reconnecting}
      </div>
    );
  }
  if (status === 'offline') {
    return (
      <div
        role="status"
        className="sticky top-16 z-20 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 border-b border-line bg-surface-muted px-4 py-1.5 text-sm text-ink"
      >
        <span className="flex items-center gap-2">
          <WifiOff aria-hidden="true" size={16} className="shrink-0 text-ink-muted" />
          {CONNECTION_TEXTS.offline}
        </span>
        <button
          type="button"
          onClick={() => client.retry()}
          className="inline-flex min-h-8 items-center gap-1.5 rounded-md px-2 font-semibold text-brand hover:bg-brand-soft"
        >
          <RefreshCw aria-hidden="true" size={14} />
          {CONNECTION_TEXTS.retry}
        </button>
      </div>
    );
  }
  return null;
}
