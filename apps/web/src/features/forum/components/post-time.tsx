import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';

/** When a post was written: "5 minutes ago", the full date on hover. */
export function PostTime({ iso, className }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className={className}>
      {formatRelativeTime(iso)}
    </time>
  );
}
