import type { AdminPermission, ProfileRole } from '@castline/shared';
import { isBannedMember, ROLE_PERMISSIONS } from '@castline/shared';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format-date';

export const ROLE_LABELS: Record<ProfileRole, string> = {
  user: 'Member',
  moderator: 'Moderator',
  support: 'Support',
  admin: 'Admin',
};

/** The roles in the order the role select offers them. */
export const ROLE_ORDER: readonly ProfileRole[] = ['user', 'moderator', 'support', 'admin'];

export const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  banned: 'Banned',
  pending: 'Pending',
};

/** What each admin permission lets its holder do, in plain words. */
export const PERMISSION_LABELS: Record<AdminPermission, string> = {
  'users.read': 'View members and their details',
  'users.ban': 'Ban and unban members',
  'users.roles': "Change members' roles",
  'content.moderate': 'Review the moderation queue and moderate content',
  'listings.manage': 'Approve and manage listings',
  'moderation.rules': 'Create, edit and delete moderation rules',
  'forum.manage': 'Edit forum posts and delete comments',
  'audit.read': 'Read the audit log',
  'sessions.manage': 'View and terminate sessions',
  'settings.manage': 'Change the site settings',
  'analytics.read': 'View analytics',
};

/** The permissions a role is granted when it is assigned (none for a member). */
export function permissionsOfRole(role: ProfileRole): readonly AdminPermission[] {
  return role === 'user' ? [] : ROLE_PERMISSIONS[role];
}

export function RoleBadge({ role }: { role: ProfileRole }) {
  return <Badge tone={role === 'user' ? 'neutral' : 'brand'}>{ROLE_LABELS[role]}</Badge>;
}

function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status.charAt(0).toUpperCase() + status.slice(1);
}

/** "Active", "Pending", "Banned until 5 Jan 2027, 15:00" or "Banned permanently". */
export function StatusBadge({
  status,
  banEnd,
  className,
}: {
  status: string;
  banEnd: string | null;
  className?: string;
}) {
  if (isBannedMember({ status })) {
    return (
      <span
        className={cn(
          'inline-flex items-center gap-1 rounded-full bg-danger-soft px-2.5 py-0.5 text-xs font-semibold text-danger',
          className,
        )}
      >
        {banEnd ? (
          <>
            Banned until <time dateTime={banEnd}>{formatDateTime(banEnd)}</time>
          </>
        ) : (
          'Banned permanently'
        )}
      </span>
    );
  }
  return (
    <Badge tone={status === 'active' ? 'reed' : 'accent'} className={className}>
      {statusLabel(status)}
    </Badge>
  );
}
