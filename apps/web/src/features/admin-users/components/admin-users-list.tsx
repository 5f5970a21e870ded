import type { AdminUserSummaryDto } from '@castline/shared';
import { ChevronRight } from 'lucide-react';
import { Link } from '../../../lib/router';
import { MemberAvatar } from '../../../components/ui/member-avatar';
import { formatDateTime, formatLongDate } from '../../../lib/format-date';
import { RoleBadge, StatusBadge } from './member-labels';

function memberPath(userId: string): string {
  return `/admin/users/${encodeURIComponent(userId)}`;
}

function Joined({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatLongDate(iso)}
    </time>
  );
}

function MemberName({ user }: { user: AdminUserSummaryDto }) {
  return (
    <div className="flex min-w-0 flex-col">
      <Link
        to={memberPath(user.id)}
        className="truncate font-semibold text-ink hover:text-brand hover:underline"
        aria-label={user.full_name ? `${user.username} (${user.full_name})` : user.username}
      >
        {user.username}
      </Link>
      {user.full_name && <span className="truncate text-sm text-ink-muted">{user.full_name}</span>}
      <span className="truncate text-sm text-ink-muted" title={user.email}>
        {user.email}
      </span>
    </div>
  );
}

/**
 * The members as a table (wide screens) and as stacked cards (phones). The table is laid out to
 * its box (fixed layout): the member column, with the email under the name, takes what the
 * others leave, so every column, Details too, shows without scrolling sideways.
 */
export function AdminUsersList({ users }: { users: readonly AdminUserSummaryDto[] }) {
  return (
    <>
      <div className="hidden rounded-2xl border border-line bg-surface shadow-sm md:block">
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">Members</caption>
          <colgroup>
            <col />
            <col className="w-28" />
            <col className="w-40" />
            <col className="w-44" />
            <col className="w-20" />
          </colgroup>
          <thead className="border-b border-line bg-surface-muted/60 text-xs tracking-wide text-ink-muted uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Member
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                Role
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                Status
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                Joined
              </th>
              <th scope="col" className="px-3 py-3">
                <span className="sr-only">Details</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {users.map((user) => (
              <tr key={user.id} className="hover:bg-surface-muted/40">
                <td className="px-4 py-3">
                  <div className="flex min-w-0 items-center gap-3">
                    <MemberAvatar url={user.avatar_url} className="size-9 shrink-0" iconSize={18} />
                    <MemberName user={user} />
                  </div>
                </td>
                <td className="px-3 py-3">
                  <RoleBadge role={user.role} />
                </td>
                <td className="px-3 py-3">
                  <StatusBadge status={user.status} banEnd={user.ban_end_date} className="flex-wrap" />
                </td>
                <td className="px-3 py-3 text-ink-muted">
                  <Joined iso={user.created_at} />
                </td>
                <td className="px-3 py-3 text-right">
                  <Link
                    to={memberPath(user.id)}
                    aria-label={`View ${user.username}`}
                    className="inline-flex items-center gap-1 rounded-md text-sm font-medium whitespace-nowrap text-brand hover:underline"
                  >
                    View
                    <ChevronRight aria-hidden="true" size={16} />
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label="Members" className="flex flex-col gap-3 md:hidden">
        {users.map((user) => (
          <li
            key={user.id}
            className="relative flex gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <MemberAvatar url={user.avatar_url} className="size-11" iconSize={22} />
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <div className="flex min-w-0 flex-col">
                <Link
                  to={memberPath(user.id)}
                  className="truncate font-semibold text-ink after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
                >
                  {user.username}
                </Link>
                {user.full_name && <span className="truncate text-sm text-ink-muted">{user.full_name}</span>}
                <span className="truncate text-sm text-ink-muted">{user.email}</span>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <RoleBadge role={user.role} />
                <StatusBadge status={user.status} banEnd={user.ban_end_date} />
              </div>
              <p className="text-xs text-ink-muted">
                Joined <Joined iso={user.created_at} />
              </p>
            </div>
            <ChevronRight aria-hidden="true" size={18} className="shrink-0 self-center text-ink-muted" />
          </li>
        ))}
      </ul>
    </>
  );
}
