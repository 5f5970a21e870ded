import type { CaptainsClubDto, CaptainSummaryDto, NotificationDto } from '@castline/shared';
import { notificationHref } from '@castline/shared';
import { useQuery } from '@tanstack/react-query';
import { Anchor, Bell, BellRing, LayoutDashboard, MapPin, PackageSearch } from 'lucide-react';
import { lazy, Suspense, useId } from 'react';
import { Link } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { MemberAvatar } from '../../../components/ui/member-avatar';
import { PageHeader } from '../../../components/ui/page-header';
import { CardSkeleton, LoadingSkeleton, Skeleton } from '../../../components/ui/skeleton';
import type { TabItem } from '../../../components/ui/tabs';
import { Tabs, useActiveTab } from '../../../components/ui/tabs';
import { api } from '../../../lib/api-client';
import { loadAlertMatches, loadAlertsManager } from '../../alerts';
import { useSession } from '../../../lib/session';
import { loadNotificationsFeed } from '../../notifications';

type ClubTab = 'overview' | 'alerts' | 'matches' | 'notifications';

const TABS: readonly TabItem<ClubTab>[] = [
  { id: 'overview', label: 'Overview', icon: LayoutDashboard },
  { id: 'alerts', label: 'Saved searches', icon: BellRing },
  { id: 'matches', label: 'Matches', icon: PackageSearch },
  { id: 'notifications', label: 'Notifications', icon: Bell },
];

/*
 * The tabs other than the overview load when they open: a captain who lands on the overview does not
 * fetch the saved-search manager, the matches or the notifications list.
 */
const AlertsManager = lazy(() => loadAlertsManager().then((module) => ({ default: module.AlertsManager })));
const AlertMatches = lazy(() => loadAlertMatches().then((module) => ({ default: module.AlertMatches })));
const NotificationsFeed = lazy(() =>
  loadNotificationsFeed().then((module) => ({ default: module.NotificationsFeed })),
);

/** What a tab shows while its code arrives. */
function TabLoading({ label }: { label: string }) {
  return (
    <LoadingSkeleton label={label} className="flex flex-col gap-3">
      <CardSkeleton lines={2} />
      <CardSkeleton lines={2} />
    </LoadingSkeleton>
  );
}

export const captainsKeys = { club: ['captains-club'] as const };

/**
 * /captains-club: the club's members, the captain's saved-search alerts (?tab=alerts), the listings
 * they matched (?tab=matches) and the product alert notifications (?tab=notifications).
 */
export function CaptainsClubRoute() {
  const { data } = useSession();
  const active = useActiveTab(TABS) ?? 'overview';
  if (!data?.user) return null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <title>Captain's Club · Castline</title>
      <PageHeader
        title="Captain's Club"
        description="The crew of Castline captains: meet the newest members of the club, keep your saved searches in trim and see what they caught."
      />
      <Tabs tabs={TABS} label="Captain's Club sections" />
      <div className="mt-6">
        {active === 'overview' && <ClubOverview />}
        {active === 'alerts' && <ClubAlerts />}
        {active === 'matches' && <ClubMatches />}
        {active === 'notifications' && <ClubNotifications viewerId={data.user.id} />}
      </div>
    </div>
  );
}

function ClubAlerts() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight">
          Your saved searches
        </h2>
        <p className="text-sm text-ink-muted">
          A saved search is a Marketplace search Castline keeps watching. Search for the gear you want, add
          filters such as brand, price or distance, then choose “Save search”: each new listing that matches
          is announced here and in your notifications.
        </p>
      </div>
      <Suspense fallback={<TabLoading label="Loading your saved searches" />}>
        <AlertsManager />
      </Suspense>
    </section>
  );
}

function ClubMatches() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-lg font-semibold tracking-tight">
        Matches
      </h2>
      <Suspense fallback={<TabLoading label="Loading matches" />}>
        <AlertMatches />
      </Suspense>
    </section>
  );
}

/** A product alert opens the listing it found; anything else follows the usual rules. */
function alertNotificationHref(notification: NotificationDto, viewerId: string): string {
  const listingId = notification.data.productId ?? notification.data.product_id;
  return listingId
    ? `/marketplace/${encodeURIComponent(listingId)}`
    : notificationHref(notification, viewerId);
}

function ClubNotifications({ viewerId }: { viewerId: string }) {
  return (
    <section aria-label="Notifications">
      <Suspense fallback={<TabLoading label="Loading notifications" />}>
        <NotificationsFeed
          tab="alerts"
          viewerId={viewerId}
          label="Saved search notifications"
          hrefOf={(notification) => alertNotificationHref(notification, viewerId)}
          empty={
            <EmptyState
              icon={BellRing}
              title="No saved search notifications"
              description="Matches of your saved searches will appear here when matching rods, reels or tackle are listed."
              action={
                <Link to="/marketplace" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                  Browse the Marketplace
                </Link>
              }
            />
          }
        />
      </Suspense>
    </section>
  );
}

function ClubOverview() {
  const headingId = useId();
  const club = useQuery({
    queryKey: captainsKeys.club,
    queryFn: ({ signal }) => api.get<CaptainsClubDto>('/api/captains-club', signal),
  });

  if (club.isPending) {
    return (
      <LoadingSkeleton label="Loading the Captain's Club" className="flex flex-col gap-6">
        <Skeleton className="h-24 w-full max-w-xs rounded-2xl" />
        <ul aria-hidden="true" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((index) => (
            <li key={index} className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-4">
              <Skeleton className="size-12 rounded-full" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-1/2" />
                <Skeleton className="h-3 w-3/4" />
              </div>
            </li>
          ))}
        </ul>
      </LoadingSkeleton>
    );
  }

  if (club.isError) {
    return (
      <Alert tone="error">
        <p>{club.error.message}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void club.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const { captains_count, newest_captains } = club.data;
  return (
    <div className="flex flex-col gap-6">
      <Card className="flex w-fit items-center gap-4 p-5">
        <span className="inline-flex size-12 items-center justify-center rounded-xl bg-reed-soft text-reed">
          <Anchor aria-hidden="true" size={24} />
        </span>
        <p className="flex flex-col">
          <span className="text-3xl font-semibold tabular-nums">{captains_count}</span>
          <span className="text-sm text-ink-muted">
            {captains_count === 1 ? 'captain' : 'captains'} in the club
          </span>
        </p>
      </Card>
      <section aria-labelledby={headingId} className="flex flex-col gap-3">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight">
          Newest captains
        </h2>
        {newest_captains.length === 0 ? (
          <EmptyState
            icon={Anchor}
            headingLevel={3}
            title="No captains yet"
            description="Members who join the club will be welcomed here."
          />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {newest_captains.map((captain) => (
              <CaptainCard key={captain.id} captain={captain} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function CaptainCard({ captain }: { captain: CaptainSummaryDto }) {
  return (
    <li className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm">
      <MemberAvatar url={captain.avatar_url} className="size-12" iconSize={22} />
      <div className="flex min-w-0 flex-col gap-0.5">
        <Link
          to={`/profile/${encodeURIComponent(captain.id)}`}
          className="rounded-sm font-semibold break-all text-brand hover:underline"
        >
          {captain.username}
        </Link>
        {captain.title && <p className="text-sm break-words text-ink">{captain.title}</p>}
        {captain.location && (
          <p className="inline-flex items-center gap-1 text-sm text-ink-muted">
            <MapPin aria-hidden="true" size={13} className="shrink-0" />
            <span className="break-words">{captain.location}</span>
          </p>
        )}
      </div>
    </li>
  );
}
