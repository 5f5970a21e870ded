import { UserRoundX } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

/** Stands in for a post or comment by a member the viewer blocked; 'Show' reveals it. */
export function BlockedNotice({
  what,
  onShow,
  className,
}: {
  what: 'Post' | 'Comment';
  onShow: () => void;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed border-line bg-surface-muted/50 px-4 py-3',
        className,
      )}
    >
      <p className="flex items-center gap-2 text-sm text-ink-muted">
        <UserRoundX aria-hidden="true" size={16} />
        {`${what} by a member you blocked`}
      </p>
      <Button variant="ghost" size="sm" onClick={onShow}>
        Show
      </Button>
    </div>
  );
}
