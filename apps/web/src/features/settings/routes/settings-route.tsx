import { useId } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { DetailItem } from '../../../components/ui/detail-list';
import { PageHeader } from '../../../components/ui/page-header';
import { useSession } from '../../auth/api/auth.api';
import { ActiveSessionsPanel } from '../../auth/components/active-sessions-panel';
import { EmailStatusBadge } from '../../auth/components/email-status-badge';

/** /settings: the member's account and the devices signed in to it. */
export function SettingsRoute() {
  const { data } = useSession();
  const headingId = useId();
  const user = data?.user;
  if (!user) return null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <title>Settings · Castline</title>
      <PageHeader title="Settings" description="Your account details and the devices signed in to it." />
      <div className="flex max-w-3xl flex-col gap-6">
        <Card aria-labelledby={headingId} className="p-5 sm:p-7">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <h2 id={headingId} className="text-lg font-semibold tracking-tight">
              Account
            </h2>
            <Link to="/profile" className="rounded-md text-sm font-medium text-brand hover:underline">
              View your profile
            </Link>
          </div>
          <dl className="mt-5 grid gap-4 text-sm sm:grid-cols-2">
            <DetailItem label="Username" valueClassName="font-medium break-all">
              {user.username}
            </DetailItem>
            {user.full_name && <DetailItem label="Full name">{user.full_name}</DetailItem>}
            <DetailItem label="Email" valueClassName="font-medium break-all">
              {user.email}
            </DetailItem>
            <DetailItem label="Email status" valueClassName="">
              <EmailStatusBadge verified={user.emailVerified} />
            </DetailItem>
          </dl>
        </Card>
        <ActiveSessionsPanel />
      </div>
    </div>
  );
}
