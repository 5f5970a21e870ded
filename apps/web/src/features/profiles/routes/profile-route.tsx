import type { PublicProfileDto } from '@castline/shared';
import { AUTH_MESSAGES, PublicProfileDto as PublicProfileSchema } from '@castline/shared';
import { useQuery } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import {
  Anchor,
  Bell,
  HandCoins,
  MapPin,
  PackageOpen,
  PackagePlus,
  SearchX,
  Settings,
  Store,
  Tag,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingSkeleton, Skeleton } from '../../../components/ui/skeleton';
import type { TabItem } from '../../../components/ui/tabs';
import { Tabs, useActiveTab } from '../../../components/ui/tabs';
import { api, isApiError } from '../../../lib/api-client';
import { formatDateTime, formatLongDate } from '../../../lib/format-date';
import { useSession } from '../../auth/api/auth.api';
import { flattenPages, useSellerListings } from '../../listings/api/listing-queries';
import { ListingGrid, ListingPager, ListingsError } from '../../listings/components/listing-grid';
import { ListingGridSkeleton } from '../../listings/components/listing-grid-skeleton';
import { NotificationsFeed } from '../../notifications/components/notifications-feed';
import { OffersList } from '../../offers/components/offers-list';
import { PresenceLabel } from '../../presence/components/presence-label';

type ProfileTab = 'listings' | 'offers-received' | 'offers-made' | 'notifications';

/** The tabs of your own profile; the query values are the spec's (001 §2). */
const OWN_TABS: readonly TabItem<ProfileTab>[] = [
  { id: 'listings', label: 'Listings', icon: Store },
  { id: 'offers-received', label: 'Offers received', icon: HandCoins },
  { id: 'offers-made', label: 'Offers made', icon: Tag },
  { id: 'notifications', label: 'Notifications', icon: Bell },
];
const OTHER_TABS: readonly TabItem<ProfileTab>[] = [{ id: 'listings', label: 'Listings', icon: Store }];

export const profileKeys = {
  all: ['profiles'] as const,
  detail: (userId: string) => ['profiles', userId] as const,
};

function useProfile(userId: string) {
  return useQuery({
    queryKey: profileKeys.detail(userId),
    queryFn: ({ signal }) =>
      api.get(`/api/profiles/${encodeURIComponent(userId)}`, PublicProfileSchema, signal),
    enabled: userId !== '',
  });
}

/** What the header shows; for your own profile it comes from the session until the profile arrives. */
type HeaderFields = Pick<
  PublicProfileDto,
  'username' | 'full_name' | 'avatar_url' | 'is_captain' | 'created_at' | 'title' | 'location'
>;

/** Up to two letters standing in for a missing picture ("River Runner" → "RR"). */
export function initialsOf(name: string): string {
  const words = name
    .split(/[\s_.-]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0]?.[0], words[1]?.[0]] : [...(words[0] ?? '?').slice(0, 2)];
  return letters.join('').toUpperCase() || '?';
}

function ProfileAvatar({ url, name }: { url: string | null; name: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const size = 'size-20 shrink-0 rounded-full sm:size-24';
  if (url && failedUrl !== url) {
    return (
      <img
        src={url}
        alt={`Profile photo of ${name}`}
        width={96}
        height={96}
        className={`${size} bg-surface-muted object-cover`}
        onError={() => setFailedUrl(url)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${size} inline-flex items-center justify-center bg-brand-soft text-2xl font-semibold text-brand`}
    >
      {initialsOf(name)}
    </span>
  );
}

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <title>{`${title} · Castline`}</title>
      {children}
    </div>
  );
}

/** /profile (your own) and /profile/:userId: the header card, seller figures and the member's tabs. */
export function ProfileRoute() {
  const { userId } = useParams();
  const { data } = useSession();
  const me = data?.user ?? null;
  const targetId = userId ?? me?.id ?? '';
  const own = me !== null && targetId === me.id;
  const profile = useProfile(targetId);

  if (!me) return null;

  if (!own) {
    if (profile.isPending) {
      return (
        <Page title="Profile">
          <h1 className="sr-only">Profile</h1>
          <LoadingSkeleton label="Loading profile" className="flex flex-col gap-6">
            <div className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-5 sm:flex-row sm:p-7">
              <Skeleton className="size-20 rounded-full sm:size-24" />
              <div className="flex flex-1 flex-col gap-3">
                <Skeleton className="h-7 w-48" />
                <Skeleton className="h-4 w-64 max-w-full" />
                <Skeleton className="h-4 w-40" />
              </div>
            </div>
            <StatsSkeleton />
          </LoadingSkeleton>
        </Page>
      );
    }
    if (profile.isError) {
      if (isApiError(profile.error) && profile.error.status === 404) return <ProfileNotFound />;
      return (
        <Page title="Profile">
          <h1 className="text-2xl font-semibold tracking-tight">Profile</h1>
          <Alert tone="error">
            <p>{profile.error.message}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void profile.refetch()}>
              Try again
            </Button>
          </Alert>
        </Page>
      );
    }
  }

  const header: HeaderFields = profile.data ?? {
    username: me.username,
    full_name: me.full_name,
    avatar_url: me.avatar_url,
    is_captain: me.is_captain,
    created_at: me.created_at,
    title: null,
    location: null,
  };

  return (
    <Page title={header.username}>
      <ProfileHeader profile={header} own={own} userId={targetId}>
        {profile.isPending ? (
          <LoadingSkeleton label="Loading profile figures">
            <StatsSkeleton />
          </LoadingSkeleton>
        ) : profile.isError ? (
          <Alert tone="error">
            <p>{profile.error.message}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void profile.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <ProfileStats profile={profile.data} />
        )}
      </ProfileHeader>
      <ProfileTabs own={own} userId={targetId} username={header.username} />
    </Page>
  );
}

function ProfileNotFound() {
  return (
    <Page title={AUTH_MESSAGES.profileNotFound}>
      <Card className="mx-auto flex w-full max-w-lg flex-col items-center gap-4 px-6 py-10 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
          <SearchX aria-hidden="true" size={28} />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">{AUTH_MESSAGES.profileNotFound}</h1>
        <p className="text-ink-muted">This member may have left Castline, or the link may be mistyped.</p>
        <Link to="/forum" className={buttonClasses({ variant: 'secondary' })}>
          Go to the Community
        </Link>
      </Card>
    </Page>
  );
}

function ProfileHeader({
  profile,
  own,
  userId,
  children,
}: {
  profile: HeaderFields;
  own: boolean;
  userId: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} className="flex flex-col gap-6 p-5 sm:p-7">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <ProfileAvatar url={profile.avatar_url} name={profile.full_name ?? profile.username} />
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h1 id={headingId} className="text-2xl font-semibold tracking-tight break-all sm:text-3xl">
              {profile.username}
            </h1>
            {profile.is_captain && (
              <Badge tone="reed">
                <Anchor aria-hidden="true" size={12} />
                Captain
              </Badge>
            )}
            {!own && <PresenceLabel userId={userId} />}
          </div>
          {profile.full_name && <p className="font-medium break-words">{profile.full_name}</p>}
          {profile.title && <p className="text-ink-muted break-words">{profile.title}</p>}
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-muted">
            {profile.location && (
              <span className="inline-flex items-center gap-1.5">
                <MapPin aria-hidden="true" size={14} />
                {profile.location}
              </span>
            )}
            <span>
              Member since{' '}
              <time dateTime={profile.created_at} title={formatDateTime(profile.created_at)}>
                {formatLongDate(profile.created_at)}
              </time>
            </span>
          </p>
        </div>
        {own && (
          <Link
            to="/settings"
            className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'self-start' })}
          >
            <Settings aria-hidden="true" size={16} />
            Settings
          </Link>
        )}
      </div>
      {children}
    </Card>
  );
}

const STAT_CELL = 'flex flex-col-reverse gap-0.5 rounded-xl bg-surface-muted/60 px-4 py-3';

function ProfileStats({ profile }: { profile: PublicProfileDto }) {
  const stats = [
    { label: 'Listings', value: String(profile.products_count) },
    { label: 'Sales', value: String(profile.sales_count) },
    { label: 'Seller rating', value: profile.seller_rating.toFixed(1) },
    { label: 'Posts', value: String(profile.posts_count) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {stats.map((stat) => (
        <div key={stat.label} className={STAT_CELL}>
          <dt className="text-sm text-ink-muted">{stat.label}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function StatsSkeleton() {
  return (
    <div aria-hidden="true" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {[0, 1, 2, 3].map((index) => (
        <div key={index} className={STAT_CELL}>
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-7 w-10" />
        </div>
      ))}
    </div>
  );
}

interface TabContent {
  icon: LucideIcon;
  title: string;
  description: string;
  action: ReactNode;
}

const listGearAction = (
  <Link to="/marketplace/new" className={buttonClasses()}>
    <PackagePlus aria-hidden="true" size={18} />
    List My Gear
  </Link>
);
const browseAction = (
  <Link to="/marketplace" className={buttonClasses({ variant: 'secondary' })}>
    Browse the Marketplace
  </Link>
);

function tabContent(tab: ProfileTab, own: boolean, username: string): TabContent {
  switch (tab) {
    case 'offers-received':
      return {
        icon: HandCoins,
        title: 'No offers received yet',
        description:
          'When a buyer makes an offer on one of your listings, it appears here for you to accept or decline.',
        action: listGearAction,
      };
    case 'offers-made':
      return {
        icon: Tag,
        title: 'No offers made yet',
        description: 'Offers you make on other anglers’ gear appear here, with the seller’s answer.',
        action: browseAction,
      };
    case 'notifications':
      return {
        icon: Bell,
        title: 'No notifications',
        description: 'Offers on your gear, new messages, sold items and product alerts will show up here.',
        action: browseAction,
      };
    case 'listings':
      return own
        ? {
            icon: PackageOpen,
            title: 'You have no listings yet',
            description: 'Gear you put up for sale appears here, with its status and any offers.',
            action: listGearAction,
          }
        : {
            icon: PackageOpen,
            title: `${username} has no listings yet`,
            description: 'Gear this member puts up for sale will appear here.',
            action: browseAction,
          };
  }
}

function ProfileTabs({ own, userId, username }: { own: boolean; userId: string; username: string }) {
  const tabs = own ? OWN_TABS : OTHER_TABS;
  const active = useActiveTab(tabs) ?? 'listings';
  const content = tabContent(active, own, username);
  const label = tabs.find((tab) => tab.id === active)?.label ?? 'Listings';
  const headingLevel = own ? 2 : 3;
  const empty = (
    <EmptyState
      icon={content.icon}
      title={content.title}
      description={content.description}
      action={content.action}
      headingLevel={headingLevel}
    />
  );

  return (
    <div className="flex flex-col gap-6">
      {own ? (
        <Tabs tabs={tabs} label="Profile sections" />
      ) : (
        <h2 className="border-b border-line pb-3 text-lg font-semibold tracking-tight">Listings</h2>
      )}
      <section aria-label={label}>
        {active === 'listings' ? (
          <ProfileListings userId={userId} empty={empty} />
        ) : own && active === 'offers-received' ? (
          <OffersList role="received" />
        ) : own && active === 'offers-made' ? (
          <OffersList role="made" />
        ) : own && active === 'notifications' ? (
          <div className="flex flex-col gap-3">
            <NotificationsFeed tab="all" viewerId={userId} label="Your notifications" empty={empty} />
            <Link to="/notifications" className="self-start text-sm font-semibold text-brand hover:underline">
              Open the notifications page
            </Link>
          </div>
        ) : (
          empty
        )}
      </section>
    </div>
  );
}

/** The profile owner's listings, 20 at a time; the detail page's Close comes back here. */
function ProfileListings({ userId, empty }: { userId: string; empty: ReactNode }) {
  const location = useLocation();
  const listings = useSellerListings(userId);
  const { items, total } = flattenPages(listings.data);

  if (listings.isPending) return <ListingGridSkeleton count={4} label="Loading listings" />;
  if (listings.isError && !listings.data) {
    return <ListingsError message={listings.error.message} onRetry={() => void listings.refetch()} />;
  }
  if (total === 0) return empty;
  return (
    <div className="flex flex-col gap-4">
      <ListingGrid listings={items} from={`${location.pathname}${location.search}`} label="Listings" />
      <ListingPager listings={listings} shown={items.length} total={total} />
    </div>
  );
}
