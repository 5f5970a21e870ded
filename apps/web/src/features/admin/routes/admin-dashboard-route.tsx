import { permissionLabel, type AdminOverviewDto, type ProfileRole } from '@castline/shared';
import { useQuery } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { Anchor, ChevronRight, MailCheck, ShieldCheck, ShieldX, UserRoundPlus, Users } from 'lucide-react';
import { useId } from 'react';
import { Link } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadingSkeleton, Skeleton } from '../../../components/ui/skeleton';
import { api } from '../../../lib/api-client';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { useSession } from '../../../lib/session';
import { adminKeys } from '../api/admin.api';
import { userCan, visibleSectionGroups } from '../components/admin-sections';
import { AnalyticsSection } from '../components/analytics-section';
import { PermissionChips } from '../components/permission-chips';

const ROLE_LABELS: Record<ProfileRole, string> = {
  user: 'Member',
  admin: 'Admin',
  moderator: 'Moderator',
  support: 'Support',
};

const STATS: readonly {
  key: keyof Omit<AdminOverviewDto, 'generated_at'>;
  label: string;
  icon: LucideIcon;
}[] = [
  { key: 'members_total', label: 'Members', icon: Users },
  { key: 'members_new_7d', label: 'New this week', icon: UserRoundPlus },
  { key: 'members_verified', label: 'Verified', icon: MailCheck },
  { key: 'captains', label: 'Captains', icon: Anchor },
  { key: 'admins', label: 'Admins', icon: ShieldCheck },
  { key: 'banned', label: 'Banned', icon: ShieldX },
];

/**
 * /admin: who you are here, the membership figures (with users.read), activity over time (with
 * analytics.read) and the sections this staff member may open.
 */
export function AdminDashboardRoute() {
  const { data } = useSession();
  const user = data?.user ?? null;
  const canReadUsers = userCan(user, 'users.read');
  const overview = useQuery({
    queryKey: adminKeys.overview,
    queryFn: ({ signal }) => api.get<AdminOverviewDto>('/api/admin/overview', signal),
    enabled: canReadUsers,
  });
  const accessHeadingId = useId();
  const membersHeadingId = useId();
  const toolsHeadingId = useId();
  if (!user) return null;
  const tools = visibleSectionGroups(user)
    .flatMap((group) => group.sections)
    .filter((section) => section.to !== '/admin');

  return (
    <>
      <title>Admin Dashboard · Castline</title>
      <PageHeader
        title="Admin Dashboard"
        description="Members, moderation and the tools that keep Castline healthy."
      />
      <div className="flex flex-col gap-8">
        <Card aria-labelledby={accessHeadingId} className="flex flex-col gap-4 p-5 sm:p-6">
          <h2 id={accessHeadingId} className="text-lg font-semibold tracking-tight">
            Your access
          </h2>
          <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
            <dt className="text-ink-muted">Role</dt>
            <dd>
              <Badge tone="brand">{ROLE_LABELS[user.role]}</Badge>
            </dd>
            <dt className="text-ink-muted">Permissions</dt>
            <dd>
              {user.permissions.length > 0 ? (
                <PermissionChips permissions={user.permissions} label="Permissions" />
              ) : (
                <span className="text-ink-muted">No permissions are granted to your role.</span>
              )}
            </dd>
          </dl>
        </Card>

        <section aria-labelledby={membersHeadingId} className="flex flex-col gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id={membersHeadingId} className="text-lg font-semibold tracking-tight">
              Members
            </h2>
            {overview.data && (
              <p className="text-sm text-ink-muted">
                Updated{' '}
                <time
                  dateTime={overview.data.generated_at}
                  title={formatDateTime(overview.data.generated_at)}
                >
                  {formatRelativeTime(overview.data.generated_at)}
                </time>
              </p>
            )}
          </div>
          {!canReadUsers ? (
            <Alert tone="info">
              <p>{`Membership figures need the ${permissionLabel('users.read')} permission.`}</p>
            </Alert>
          ) : overview.isPending ? (
            <LoadingSkeleton label="Loading membership figures">
              <div aria-hidden="true" className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
                {STATS.map((stat) => (
                  <div
                    key={stat.key}
                    className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4"
                  >
                    <Skeleton className="h-4 w-20" />
                    <Skeleton className="h-8 w-12" />
                  </div>
                ))}
              </div>
            </LoadingSkeleton>
          ) : overview.isError ? (
            <Alert tone="error">
              <p>{overview.error.message}</p>
              <Button variant="secondary" size="sm" className="mt-3" onClick={() => void overview.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : (
            <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
              {STATS.map(({ key, label, icon: Icon }) => (
                <div
                  key={key}
                  className="flex flex-col-reverse gap-1 rounded-2xl border border-line bg-surface p-4 shadow-sm"
                >
                  <dd className="text-2xl font-semibold tabular-nums">
                    {overview.data[key].toLocaleString('en')}
                  </dd>
                  <dt className="flex items-center gap-1.5 text-sm text-ink-muted">
                    <Icon aria-hidden="true" size={15} className="shrink-0 text-brand" />
                    {label}
                  </dt>
                </div>
              ))}
            </dl>
          )}
        </section>

        <AnalyticsSection canRead={userCan(user, 'analytics.read')} />

        {tools.length > 0 && (
          <section aria-labelledby={toolsHeadingId} className="flex flex-col gap-3">
            <h2 id={toolsHeadingId} className="text-lg font-semibold tracking-tight">
              Tools
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {tools.map((tool) => (
                <li
                  key={tool.to}
                  className="relative flex items-center gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm transition-colors hover:border-brand/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                >
                  <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand">
                    <tool.icon aria-hidden="true" size={20} />
                  </span>
                  <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <Link
                      to={tool.to}
                      aria-describedby={`${toolsHeadingId}-${tool.to.replaceAll('/', '-')}`}
                      className="font-semibold text-ink after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
                    >
                      {tool.label}
                    </Link>
                    <p
                      id={`${toolsHeadingId}-${tool.to.replaceAll('/', '-')}`}
                      className="text-sm text-ink-muted"
                    >
                      {tool.description}
                    </p>
                  </div>
                  <ChevronRight aria-hidden="true" size={18} className="shrink-0 text-ink-muted" />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </>
  );
}
