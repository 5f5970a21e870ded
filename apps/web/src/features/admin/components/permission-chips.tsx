import type { AdminPermission } from '@castline/shared';
import { cn } from '../../../lib/cn';

/** What each permission lets a staff member do, in a few words. */
export const PERMISSION_LABELS: Record<AdminPermission, string> = {
  'users.read': 'View members',
  'users.ban': 'Ban members',
  'users.roles': 'Change roles',
  'content.moderate': 'Moderate content',
  'listings.manage': 'Approve listings',
  'moderation.rules': 'Edit moderation rules',
  'forum.manage': 'Manage the forum',
  'audit.read': 'Read the audit log',
  'sessions.manage': 'Manage sessions',
  'settings.manage': 'Change settings',
  'analytics.read': 'View analytics',
};

/** Permissions as readable chips; the permission's code is its tooltip. */
export function PermissionChips({
  permissions,
  label,
  className,
}: {
  permissions: readonly AdminPermission[];
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
          {PERMISSION_LABELS[permission]}
        </li>
      ))}
    </ul>
  );
}
