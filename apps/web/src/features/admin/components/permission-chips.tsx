import { permissionLabel } from '@castline/shared';
import { cn } from '../../../lib/cn';

/** Permissions as readable chips; the permission's code is its tooltip. */
export function PermissionChips({
  permissions,
  label,
  className,
}: {
  permissions: readonly string[];
  /** The list's accessible name ("Permissions of @kim"). */
  label: string;
  className?: string;
}) {
  if (permissions.length === 0) {
    return <p className={cn('text-sm text-ink-muted', className)}>No permissions</p>;
  }
  return (
    <ul aria-label={label} className={cn('flex flex-wrap gap-1.5', className)}>
      {permissions.map((permission) => (
        <li
          key={permission}
          title={permission}
          className="rounded-full border border-line bg-surface-muted px-2.5 py-0.5 text-xs font-medium text-ink"
        >
          {permissionLabel(permission)}
        </li>
      ))}
    </ul>
  );
}
