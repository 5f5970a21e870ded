import type { PresenceDto } from '@castline/shared';
import { cn } from '../../../lib/cn';
import { formatRelativeTime } from '../../../lib/format-date';
import { usePresence } from '../api/presence.api';
import { useNow } from '../api/use-now';

/** "Online", "Away", "Last seen 5 minutes ago", "Offline"; null when nothing is known. */
export function presenceText(presence: PresenceDto | null, now: Date = new Date()): string | null {
  if (!presence) return null;
  if (presence.status === 'online') return 'Online';
  if (presence.status === 'away') return 'Away';
  if (!presence.last_seen_at) return 'Offline';
  return `Last seen ${formatRelativeTime(presence.last_seen_at, now)}`;
}

const DOT_TONES = {
  online: 'bg-emerald-500',
  away: 'bg-amber-400',
  offline: 'bg-ink-muted/50',
} as const;

interface PresenceLabelProps {
  userId: string;
  className?: string;
}

/**
 * Whether a member is here now: "Online" with a green dot, "Away" (their tabs are hidden) or
 * "Last seen 5 minutes ago". Renders nothing while their presence is unknown.
 */
export function PresenceLabel({ userId, className }: PresenceLabelProps) {
  const presence = usePresence(userId);
  const now = useNow(60_000);
  const text = presenceText(presence, now);
  if (!presence || !text) return null;
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-sm text-ink-muted', className)}>
      {presence.status !== 'offline' && (
        <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', DOT_TONES[presence.status])} />
      )}
      <span>{text}</span>
    </span>
  );
}

/**
 * A small status dot for a member's avatar: green when online, amber when away, nothing when
 * offline or unknown. Its text is for screen readers only.
 */
export function PresenceDot({ userId, className }: PresenceLabelProps) {
  const presence = usePresence(userId);
  if (!presence || presence.status === 'offline') return null;
  return (
    <span
      className={cn(
        'inline-block size-3 rounded-full ring-2 ring-surface',
        DOT_TONES[presence.status],
        className,
      )}
    >
      <span className="sr-only">{presence.status === 'online' ? 'Online' : 'Away'}</span>
    </span>
  );
}
