import { CircleExclamationPoint, Cloud, RefreshCw, X } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../lib/cn';
import type { PendingUpload } from './use-image-uploads';

const STATUS_TEXT = {
  waiting: 'Waiting…',
  preparing: 'Preparing…',
  uploading: 'Uploading…',
  failed: 'Upload failed',
} as const;

interface UploadQueueProps {
  items: readonly PendingUpload[];
  onRetry: (item: PendingUpload) => void;
  onRemove: (item: PendingUpload) => void;
}

/** Photos on their way up, each with a progress bar; a failed one says why and can be retried or removed. */
export function UploadQueue({ items, onRetry, onRemove }: UploadQueueProps) {
  if (items.length === 0) return null;
  return (
    <ul aria-label="Uploads" className="flex flex-col gap-2">
      {items.map((item) => {
        const failed = item.status === 'failed';
        return (
          <li
            key={item.id}
            className={cn(
              'flex flex-col gap-2 rounded-xl border px-3 py-2.5',
              failed ? 'border-danger/40 bg-danger-soft' : 'border-line bg-surface',
            )}
          >
            <div className="flex items-center gap-3">
              {failed ? (
                <CircleExclamationPoint aria-hidden="true" size={18} className="shrink-0 text-danger" />
              ) : (
                <Cloud aria-hidden="true" size={18} className="shrink-0 text-brand" />
              )}
              <p className="min-w-0 flex-1 truncate text-sm font-medium" title={item.name}>
                {item.name}
              </p>
              <span className="shrink-0 text-xs text-ink-muted">
                {item.status === 'uploading' ? `${item.progress}%` : STATUS_TEXT[item.status]}
              </span>
            </div>
            {failed ? (
              <div className="flex flex-wrap items-center gap-2">
                <p role="alert" className="min-w-0 flex-1 text-sm text-danger">
                  {item.error}
                </p>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Retry ${item.name}`}
                  onClick={() => onRetry(item)}
                >
                  <RefreshCw aria-hidden="true" size={14} />
                  Retry
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${item.name}`}
                  onClick={() => onRemove(item)}
                >
                  <X aria-hidden="true" size={14} />
                  Remove
                </Button>
              </div>
            ) : (
              <div
                role="progressbar"
                aria-label={`Uploading ${item.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={item.progress}
                className="h-2 overflow-hidden rounded-full bg-surface-muted"
              >
                <div
                  className="h-full rounded-full bg-reed transition-[width] duration-200"
                  style={{ width: `${item.progress}%` }}
                />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
