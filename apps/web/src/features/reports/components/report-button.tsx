import type { ModerationEntityType } from '@castline/shared';
import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { lazyNamed, useLazyDialog } from '../../../components/ui/lazy-layer';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session';
import { REPORT_SUBJECTS } from '../api/report-labels';

// The dialog and its library load on the first opening (or on hover/focus), not with the page.
const loadDialog = () => import('./report-dialog');
const ReportDialogLayer = lazy(lazyNamed(loadDialog, 'ReportDialogLayer'));

export type ReportButtonVariant = 'button' | 'icon' | 'compact';

interface ReportButtonProps {
  entityType: ModerationEntityType;
  entityId: string;
  /** Who wrote or owns the content (the member themselves for a profile): they see no button. */
  ownerId: string | null | undefined;
  /**
   * button: an outlined "Report …" button; icon: a small warning-sign button named by `label`;
   * compact: like icon, but faint until its parent `.group` is hovered or the button is focused.
   */
  variant?: ReportButtonVariant;
  /** The button's name; "Report listing", "Report comment"… by default. */
  label?: string;
  className?: string;
}

const ICON_BUTTON =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-ink-muted transition-opacity hover:bg-surface-muted hover:text-danger disabled:cursor-not-allowed disabled:opacity-60';

/**
 * Report this content to the moderators: shown only to a signed-in member looking at someone
 * else's content, it opens the report dialog.
 */
export function ReportButton({
  entityType,
  entityId,
  ownerId,
  variant = 'button',
  label,
  className,
}: ReportButtonProps) {
  const { data } = useSession();
  const dialog = useLazyDialog(loadDialog);
  const [sending, setSending] = useState(false);
  const viewerId = data?.user?.id;
  if (!viewerId || !ownerId || ownerId === viewerId) return null;

  const name = label ?? `Report ${REPORT_SUBJECTS[entityType]}`;
  const triggerProps = {
    ...dialog.triggerProps,
    disabled: sending,
    'data-state': dialog.open ? 'open' : 'closed',
  };

  return (
    <>
      {variant === 'button' ? (
        <Button variant="secondary" size="sm" className={className} {...triggerProps}>
          <Flag aria-hidden="true" size={16} />
          {name}
        </Button>
      ) : (
        <button
          type="button"
          aria-label={name}
          title={name}
          className={cn(
            ICON_BUTTON,
            variant === 'compact' &&
              'size-8 opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 focus-visible:opacity-100 data-[state=open]:opacity-100 pointer-coarse:opacity-100',
            className,
          )}
          {...triggerProps}
        >
          <Flag aria-hidden="true" size={variant === 'compact' ? 14 : 16} />
        </button>
      )}
      <Suspense fallback={null}>
        {dialog.mounted && (
          <ReportDialogLayer
            open={dialog.open}
            onOpenChange={(next) => {
              if (!sending) dialog.setOpen(next);
            }}
            entityType={entityType}
            entityId={entityId}
            onPendingChange={setSending}
            onDone={() => {
              setSending(false);
              dialog.setOpen(false);
            }}
            returnFocusTo={dialog.triggerRef}
          />
        )}
      </Suspense>
    </>
  );
}
