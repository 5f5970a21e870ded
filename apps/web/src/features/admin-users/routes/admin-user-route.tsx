import type { AdminUserDetailDto, CurrentUserDto } from '@castline/shared';
import { actsWithPermissions, isBannedMember, policyActorOf } from '@castline/shared';
import { ExternalLink, ShieldCheck, UserRoundX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link, useParams } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DetailItem } from '../../../components/ui/detail-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { MemberAvatar } from '../../../components/ui/member-avatar';
import { PageHeader } from '../../../components/ui/page-header';
import { CardSkeleton, LoadingSkeleton, Skeleton } from '../../../components/ui/skeleton';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { useSession } from '../../../lib/session';
import { useAdminUser } from '../api/admin-users.api';
import { BanActionButton } from '../components/ban-action-button';
import { ChangeRolePanel } from '../components/change-role-panel';
import { RoleBadge, StatusBadge } from '../components/member-labels';

const BACK_LINK = { to: '/admin/users', label: 'All members' };

function When({ iso, relative = false }: { iso: string; relative?: boolean }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {relative ? `${formatRelativeTime(iso)} (${formatDateTime(iso)})` : formatDateTime(iso)}
    </time>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} className="flex flex-col gap-4 p-5 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </Card>
  );
}

function DetailSkeleton() {
  return (
    <LoadingSkeleton label="Loading member" className="flex flex-col gap-6">
      <div aria-hidden="true" className="flex items-center gap-4">
        <Skeleton className="size-16 rounded-full" />
        <div className="flex flex-col gap-2">
          <Skeleton className="h-7 w-48" />
          <Skeleton className="h-4 w-32" />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <CardSkeleton lines={4} />
        <CardSkeleton lines={4} />
      </div>
    </LoadingSkeleton>
  );
}

function NotFound() {
  return (
    <>
      <title>Member not found · Castline</title>
      <PageHeader title="Member not found" backLink={BACK_LINK} />
      <EmptyState
        icon={UserRoundX}
        title="This member does not exist"
        description="The address may be mistyped, or the account was deleted."
        action={
          <Link to="/admin/users" className={buttonClasses()}>
            Back to members
          </Link>
        }
      />
    </>
  );
}

/** /admin/users/:id: a member's account, their ban, and the staff actions the viewer may take. */
export function AdminUserRoute() {
  const { id = '' } = useParams();
  const session = useSession();
  const viewer = session.data?.user ?? null;
  const detail = useAdminUser(id);

  if (detail.isPending) {
    return (
      <>
        <title>Member · Castline</title>
        <PageHeader title="Member" backLink={BACK_LINK} />
        <DetailSkeleton />
      </>
    );
  }

  if (detail.isError) {
    // An id that is not a member's (400 for a malformed one, 404 for an unknown one).
    if (isApiError(detail.error) && (detail.error.status === 404 || detail.error.status === 400)) {
      return <NotFound />;
    }
    return (
      <>
        <title>Member · Castline</title>
        <PageHeader title="Member" backLink={BACK_LINK} />
        <Alert tone="error" title="The member could not be loaded">
          <p>{errorMessage(detail.error)}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void detail.refetch()}>
            Try again
          </Button>
        </Alert>
      </>
    );
  }

  return <MemberDetail user={detail.data} viewer={viewer} />;
}

function MemberDetail({ user, viewer }: { user: AdminUserDetailDto; viewer: CurrentUserDto | null }) {
  const actor = policyActorOf(viewer);
  const canBan = actsWithPermissions(actor, ['users.ban']);
  const canChangeRoles = actsWithPermissions(actor, ['users.roles']);
  const canReadAudit = actsWithPermissions(actor, ['audit.read']);
  const isSelf = viewer?.id === user.id;
  const banned = isBannedMember(user);
  const ban = user.active_ban;
  const banEnd = ban ? ban.ban_end : user.ban_end_date;

  return (
    <>
      <title>{`${user.username} · Members · Castline`}</title>
      <PageHeader
        title={user.username}
        description={user.full_name ?? undefined}
        backLink={BACK_LINK}
        actions={
          <Link
            to={`/profile/${encodeURIComponent(user.id)}`}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            <ExternalLink aria-hidden="true" size={16} />
            Public profile
          </Link>
        }
      />

      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center gap-4">
          <MemberAvatar url={user.avatar_url} />
          <div className="flex flex-wrap items-center gap-2">
            <RoleBadge role={user.role} />
            <StatusBadge status={user.status} banEnd={banEnd} />
            {user.is_admin && (
              <Badge tone="accent">
                <ShieldCheck aria-hidden="true" size={13} />
                Admin access
              </Badge>
            )}
            {isSelf && <Badge>You</Badge>}
          </div>
        </div>

        <div className="grid gap-6 lg:grid-cols-2">
          <Section title="Account">
            <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-2">
              <DetailItem label="Email">
                <a href={`mailto:${user.email}`} className="text-brand hover:underline">
                  {user.email}
                </a>
              </DetailItem>
              <DetailItem label="Full name">{user.full_name ?? 'Not given'}</DetailItem>
              <DetailItem label="Location">{user.location ?? 'Not given'}</DetailItem>
              <DetailItem label="Joined">
                <When iso={user.created_at} />
              </DetailItem>
              <DetailItem label="Last seen">
                {user.last_seen_at ? <When iso={user.last_seen_at} relative /> : 'Never'}
              </DetailItem>
              <DetailItem label="Active sessions">
                {user.counts.active_sessions.toLocaleString('en')}
              </DetailItem>
              <DetailItem
                label="Bio"
                className="sm:col-span-2"
                valueClassName="whitespace-pre-line break-words"
              >
                {user.bio ?? 'No bio yet.'}
              </DetailItem>
            </dl>
          </Section>

          <Section title="Activity">
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {(
                [
                  ['Listings', user.counts.listings],
                  ['Sales', user.counts.sales],
                  ['Posts', user.counts.posts],
                  ['Comments', user.counts.comments],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="flex flex-col-reverse gap-1 rounded-xl bg-surface-muted/60 p-3">
                  <dd className="text-xl font-semibold tabular-nums">{value.toLocaleString('en')}</dd>
                  <dt className="text-sm text-ink-muted">{label}</dt>
                </div>
              ))}
            </dl>
          </Section>
        </div>

        <Section title="Ban">
          {banned ? (
            <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-2">
              <DetailItem label="Reason">
                {ban?.reason ?? user.banned_reason ?? 'No reason recorded'}
              </DetailItem>
              <DetailItem label="Ends">{banEnd ? <When iso={banEnd} /> : 'Never (permanent)'}</DetailItem>
              {ban && (
                <DetailItem label="Started">
                  <When iso={ban.ban_start} />
                </DetailItem>
              )}
              {ban && (
                <DetailItem label="Banned by">
                  {ban.banned_by ? (
                    <Link
                      to={`/admin/users/${encodeURIComponent(ban.banned_by)}`}
                      className="text-brand hover:underline"
                    >
                      View staff member
                    </Link>
                  ) : (
                    'Unknown'
                  )}
                </DetailItem>
              )}
              {ban?.notes && (
                <DetailItem
                  label="Staff notes"
                  className="sm:col-span-2"
                  valueClassName="whitespace-pre-line break-words"
                >
                  {ban.notes}
                </DetailItem>
              )}
            </dl>
          ) : (
            <p className="text-sm text-ink-muted">{`${user.username} is not banned.`}</p>
          )}
          <p className="text-sm text-ink-muted">
            Earlier bans and unbans are recorded in the audit log
            {canReadAudit ? (
              <>
                {': '}
                <Link to="/admin/audit-logs" className="font-medium text-brand hover:underline">
                  open the audit log
                </Link>
                .
              </>
            ) : (
              '.'
            )}
          </p>
        </Section>

        <Section title="Actions">
          {isSelf ? (
            <Alert tone="info">
              <p>This is your own account: you cannot ban yourself or change your own role.</p>
            </Alert>
          ) : !canBan && !canChangeRoles ? (
            <Alert tone="info">
              <p>
                Your role can view members. Banning needs the <code className="font-mono">users.ban</code>{' '}
                permission and changing roles <code className="font-mono">users.roles</code>.
              </p>
            </Alert>
          ) : (
            <div className="flex flex-col gap-6">
              {canBan && (
                <div className="flex flex-col gap-2">
                  <p className="text-sm text-ink-muted">
                    {banned
                      ? 'Lifting the ban lets them sign in and take part again.'
                      : 'Banning signs them out everywhere and keeps them out until the ban ends.'}
                  </p>
                  <BanActionButton user={user} banned={banned} />
                </div>
              )}
              {canChangeRoles && <ChangeRolePanel user={user} />}
            </div>
          )}
        </Section>
      </div>
    </>
  );
}
