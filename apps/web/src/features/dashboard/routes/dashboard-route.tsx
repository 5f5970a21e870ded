import type { CurrentUserDto, ProfileRole } from '@castline/shared';
import type { LucideIcon } from 'lucide-react';
import {
  Anchor,
  Bell,
  MessagesSquare,
  PackageOpen,
  PackagePlus,
  Settings,
  ShieldCheck,
  Store,
  Users,
} from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DetailItem } from '../../../components/ui/detail-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatLongDate } from '../../../lib/format-date';
import { useSession } from '../../auth/api/auth.api';
import { EmailStatusBadge } from '../../auth/components/email-status-badge';

interface QuickAction {
  to: string;
  label: string;
  description: string;
  icon: LucideIcon;
  /** The one call to action of the page. */
  accent?: boolean;
}

const ROLE_LABELS: Record<ProfileRole, string> = {
  user: 'Member',
  admin: 'Admin',
  moderator: 'Moderator',
  support: 'Support',
};

/** The member's shortcuts; the club and the admin area only for those who may enter them. */
export function quickActionsFor(user: Pick<CurrentUserDto, 'is_captain' | 'is_admin'>): QuickAction[] {
  const actions: QuickAction[] = [
    {
      to: '/marketplace/new',
      label: 'List My Gear',
      description: 'Sell a rod, reel or tackle you no longer fish with.',
      icon: PackagePlus,
      accent: true,
    },
    {
      to: '/marketplace',
      label: 'Marketplace',
      description: 'Browse gear from anglers near you.',
      icon: Store,
    },
    {
      to: '/messages',
      label: 'Messages',
      description: 'Talk with buyers and sellers.',
      icon: MessagesSquare,
    },
    {
      to: '/notifications',
      label: 'Notifications',
      description: 'Offers, messages and gear alerts for you.',
      icon: Bell,
    },
    { to: '/forum', label: 'Community', description: 'Ask questions and share your catches.', icon: Users },
    {
      to: '/settings',
      label: 'Settings',
      description: 'Your account and signed-in devices.',
      icon: Settings,
    },
  ];
  if (user.is_captain) {
    actions.push({
      to: '/captains-club',
      label: "Captain's Club",
      description: 'Meet the other captains and follow gear alerts.',
      icon: Anchor,
    });
  }
  if (user.is_admin) {
    actions.push({
      to: '/admin',
      label: 'Admin Dashboard',
      description: 'Members, moderation and admin tools.',
      icon: ShieldCheck,
    });
  }
  return actions;
}

/** A signed-in member's start page: shortcuts, their account at a glance and their listings. */
export function DashboardRoute() {
  const { data } = useSession();
  const user = data?.user;
  if (!user) return null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <title>Dashboard · Castline</title>
      <PageHeader
        title="Dashboard"
        description={
          <p>
            Welcome back, <span className="font-semibold break-all text-ink">{user.username}</span>. Here is
            everything for your gear and your conversations.
          </p>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-8">
          <QuickActions user={user} />
          <YourListings />
        </div>
        <AccountCard user={user} />
      </div>
    </div>
  );
}

function QuickActions({ user }: { user: CurrentUserDto }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold tracking-tight">
        Quick actions
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {quickActionsFor(user).map((action) => (
          <QuickActionCard key={action.to} action={action} />
        ))}
      </ul>
    </section>
  );
}

function QuickActionCard({ action }: { action: QuickAction }) {
  const descriptionId = useId();
  const { icon: Icon } = action;
  return (
    <li
      className={cn(
        'relative flex gap-3 rounded-2xl border bg-surface p-4 shadow-sm transition-colors hover:border-brand/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        action.accent ? 'border-cta/60' : 'border-line',
      )}
    >
      <span
        className={cn(
          'inline-flex size-10 shrink-0 items-center justify-center rounded-xl',
          action.accent ? 'bg-cta text-cta-ink' : 'bg-brand-soft text-brand',
        )}
      >
        <Icon aria-hidden="true" size={20} />
      </span>
      <div className="flex min-w-0 flex-col gap-0.5">
        {/* The link covers the whole card; its name stays the short label. */}
        <Link
          to={action.to}
          aria-describedby={descriptionId}
          className="font-semibold text-ink after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
        >
          {action.label}
        </Link>
        <p id={descriptionId} className="text-sm text-ink-muted">
          {action.description}
        </p>
      </div>
    </li>
  );
}

function YourListings() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold tracking-tight">
        Your listings
      </h2>
      <EmptyState
        icon={PackageOpen}
        headingLevel={3}
        title="You have no listings yet"
        description="Gear you put up for sale appears here with its status, views and offers. New listings are checked by a moderator before they go live."
        action={
          <Link to="/marketplace/new" className={buttonClasses()}>
            <PackagePlus aria-hidden="true" size={18} />
            List My Gear
          </Link>
        }
      />
    </section>
  );
}

function AccountCard({ user }: { user: CurrentUserDto }) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} className="flex h-fit flex-col gap-4 p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight">
          Your account
        </h2>
        <Link to="/profile" className="rounded-md text-sm font-medium text-brand hover:underline">
          View profile
        </Link>
      </div>
      <dl className="flex flex-col gap-3 text-sm">
        <DetailItem label="Email" valueClassName="font-medium break-all">
          {user.email}
        </DetailItem>
        <DetailItem label="Email status" valueClassName="">
          <EmailStatusBadge verified={user.emailVerified} />
        </DetailItem>
        <DetailItem label="Member since">
          <time dateTime={user.created_at} title={formatDateTime(user.created_at)}>
            {formatLongDate(user.created_at)}
          </time>
        </DetailItem>
        {user.role !== 'user' && (
          <DetailItem label="Role" valueClassName="">
            <Badge tone="brand">{ROLE_LABELS[user.role]}</Badge>
          </DetailItem>
        )}
      </dl>
    </Card>
  );
}
