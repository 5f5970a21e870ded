import type { AdminRoleHolderDto } from '@castline/shared';
import { ADMIN_ROLE_NAMES, ROLE_PERMISSIONS } from '@castline/shared';
import { ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { Link } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { CardSkeleton, LoadingSkeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { useAdminRoles } from '../api/admin.api';
import { PermissionChips } from '../components/permission-chips';
import { ADMIN_ROLE_LABELS, ADMIN_ROLE_SUMMARIES, adminRoleLabel } from '../components/role-labels';

function StaffCard({ holder }: { holder: AdminRoleHolderDto }) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h3 className="font-semibold break-words">
            <Link to={`/admin/users/${holder.id}`} className="text-brand hover:underline">
              {`@${holder.username}`}
            </Link>
          </h3>
          <p className="text-sm break-all text-ink-muted">{holder.email}</p>
        </div>
        <Badge tone="brand">{adminRoleLabel(holder.admin_role)}</Badge>
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
        <dt className="text-ink-muted">Last sign-in</dt>
        <dd>
          {holder.last_sign_in_at ? (
            <time dateTime={holder.last_sign_in_at} title={formatDateTime(holder.last_sign_in_at)}>
              {formatRelativeTime(holder.last_sign_in_at)}
            </time>
          ) : (
            'Never signed in'
          )}
        </dd>
        <dt className="text-ink-muted">Permissions</dt>
        <dd>
          <PermissionChips permissions={holder.permissions} label={`Permissions of @${holder.username}`} />
        </dd>
      </dl>
    </Card>
  );
}

/** /admin/roles: the staff, their roles and permissions, and what each role may do. */
export function AdminRolesRoute() {
  const roles = useAdminRoles();
  const staffHeadingId = useId();
  const rolesHeadingId = useId();

  let staff;
  if (roles.isPending) {
    staff = (
      <LoadingSkeleton label="Loading staff" className="flex flex-col gap-3">
        <CardSkeleton lines={3} />
        <CardSkeleton lines={3} />
      </LoadingSkeleton>
    );
  } else if (roles.isError) {
    staff = (
      <Alert tone="error">
        <p>{errorMessage(roles.error)}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void roles.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (roles.data.admins.length === 0) {
    staff = (
      <EmptyState
        icon={ShieldCheck}
        headingLevel={3}
        title="No staff members yet"
        description="Give a member a staff role from their page under Users; they will be listed here."
        action={
          <Link to="/admin/users" className="font-semibold text-brand hover:underline">
            Find a member
          </Link>
        }
      />
    );
  } else {
    staff = (
      <ul aria-labelledby={staffHeadingId} className="flex flex-col gap-3">
        {roles.data.admins.map((holder) => (
          <li key={holder.id}>
            <StaffCard holder={holder} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <title>Admins & roles · Castline</title>
      <PageHeader
        title="Admins & roles"
        description="Who is on staff and what each of them may do. Open a member to change their role."
      />
      <div className="flex flex-col gap-8">
        <section aria-labelledby={rolesHeadingId} className="flex flex-col gap-3">
          <h2 id={rolesHeadingId} className="text-lg font-semibold tracking-tight">
            Roles
          </h2>
          <Card>
            <dl className="divide-y divide-line">
              {ADMIN_ROLE_NAMES.map((role) => (
                <div key={role} className="flex flex-col gap-2 p-4 sm:p-5">
                  <dt className="font-semibold">{ADMIN_ROLE_LABELS[role]}</dt>
                  <dd className="flex flex-col gap-2">
                    <p className="text-sm text-ink-muted">{ADMIN_ROLE_SUMMARIES[role]}</p>
                    <PermissionChips
                      permissions={ROLE_PERMISSIONS[role]}
                      label={`Permissions of the ${ADMIN_ROLE_LABELS[role]} role`}
                    />
                  </dd>
                </div>
              ))}
            </dl>
          </Card>
        </section>

        <section className="flex flex-col gap-3">
          <h2 id={staffHeadingId} className="text-lg font-semibold tracking-tight">
            Staff
            {roles.data && roles.data.admins.length > 0 && (
              <span className="ml-2 text-sm font-normal text-ink-muted">{`(${roles.data.admins.length})`}</span>
            )}
          </h2>
          {staff}
        </section>
      </div>
    </>
  );
}
