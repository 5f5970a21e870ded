import { useId } from 'react';
import { Link } from '../../../lib/router';
import { Card } from '../../../components/ui/card';
import { DetailItem } from '../../../components/ui/detail-list';
import { PageHeader } from '../../../components/ui/page-header';
import { useSession } from '../../../lib/session';
import { ActiveSessionsPanel, EmailStatusBadge } from '../../accounts';
import { BlockedMembersSection } from '../components/blocked-members-section';
import { ChangeEmailSection } from '../components/change-email-section';
import { ChangePasswordSection } from '../components/change-password-section';
import { DeleteAccountSection } from '../components/delete-account-section';
import { NotificationSettingsSection } from '../components/notification-settings-section';

const SECTIONS = [
  { id: 'account', label: 'Account' },
  { id: 'password', label: 'Password' },
  { id: 'email', label: 'Email' },
  { id: 'sessions', label: 'Sessions' },
  { id: 'blocked', label: 'Blocked members' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'delete', label: 'Delete account' },
] as const;

/**
 * /settings: the account, password and email, the devices signed in, blocked members, email
 * notifications and the danger zone.
 */
export function SettingsRoute() {
  const { data } = useSession();
  const headingId = useId();
  const user = data?.user;
  if (!user) return null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <title>Settings · Castline</title>
      <PageHeader title="Settings" description="Your account, its security and what Castline emails you." />
      <div className="grid gap-8 lg:grid-cols-[12rem_minmax(0,1fr)]">
        <nav aria-label="Settings sections" className="hidden lg:block">
          <ul className="sticky top-24 flex flex-col gap-1 text-sm">
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="block rounded-md px-3 py-2 font-medium text-ink-muted hover:bg-surface-muted hover:text-ink"
                >
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex max-w-3xl min-w-0 flex-col gap-6">
          <div id="account" className="scroll-mt-24">
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
          </div>
          <div id="password" className="scroll-mt-24">
            <ChangePasswordSection />
          </div>
          <div id="email" className="scroll-mt-24">
            <ChangeEmailSection currentEmail={user.email} />
          </div>
          <div id="sessions" className="scroll-mt-24">
            <ActiveSessionsPanel />
          </div>
          <div id="blocked" className="scroll-mt-24">
            <BlockedMembersSection />
          </div>
          <div id="notifications" className="scroll-mt-24">
            <NotificationSettingsSection />
          </div>
          <div id="delete" className="scroll-mt-24">
            <DeleteAccountSection />
          </div>
        </div>
      </div>
    </div>
  );
}
