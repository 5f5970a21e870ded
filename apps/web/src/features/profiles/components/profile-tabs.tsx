import type { LucideIcon } from 'lucide-react';
import {
  Bell,
  Bookmark,
  BookmarkCheck,
  HandCoins,
  MessagesSquare,
  PackageCheck,
  PackageOpen,
  PackagePlus,
  Star,
  Store,
  Tag,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from '../../../lib/router';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { CardSkeleton, LoadingSkeleton } from '../../../components/ui/skeleton';
import type { TabItem } from '../../../components/ui/tabs';
import { Tabs, useActiveTab } from '../../../components/ui/tabs';
import {
  flattenPages,
  useMyFavorites,
  ListingGrid,
  ListingPager,
  ListingsError,
  ListingGridSkeleton,
} from '../../listings';
import { loadForumBookmarks } from '../../forum';
import { loadNotificationsFeed } from '../../notifications';
import { loadOffersList } from '../../offers';
import { loadProfileReviews } from '../../reviews';
import { useProfileListings } from '../api/profiles.api';

export type ProfileTab =
  | 'listings'
  | 'sold'
  | 'reviews'
  | 'favourites'
  | 'offers-received'
  | 'offers-made'
  | 'notifications'
  | 'posts'
  | 'bookmarks';

const LISTINGS_TAB: TabItem<ProfileTab> = { id: 'listings', label: 'Listings', icon: Store };
const SOLD_TAB: TabItem<ProfileTab> = { id: 'sold', label: 'Sold', icon: PackageCheck };
const POSTS_TAB: TabItem<ProfileTab> = { id: 'posts', label: 'Posts', icon: MessagesSquare };
const REVIEWS_TAB: TabItem<ProfileTab> = { id: 'reviews', label: 'Reviews', icon: Star };

/** The reviews section (the reviews feature), loaded when its tab opens. */
const ProfileReviews = lazy(() =>
  loadProfileReviews().then((module) => ({ default: module.ProfileReviews })),
);

/** Your notifications (the notifications feature), loaded when their tab opens. */
const NotificationsFeed = lazy(() =>
  loadNotificationsFeed().then((module) => ({ default: module.NotificationsFeed })),
);

/** Offers received or made (the offers feature), loaded when their tab opens. */
const OffersList = lazy(() => loadOffersList().then((module) => ({ default: module.OffersList })));

/** The member's forum posts, loaded when their tab opens. */
const MemberPosts = lazy(() => import('./member-posts').then((module) => ({ default: module.MemberPosts })));

/** The forum bookmarks (the forum feature), loaded when their tab opens. */
const ForumBookmarks = lazy(() =>
  loadForumBookmarks().then((module) => ({ default: module.ForumBookmarks })),
);

/** The tabs of your own profile; `?tab=` names one (spec 001 §2), the first is the default. */
export const OWN_TABS: readonly TabItem<ProfileTab>[] = [
  LISTINGS_TAB,
  SOLD_TAB,
  REVIEWS_TAB,
  { id: 'favourites', label: 'Favourites', icon: Bookmark },
  { id: 'offers-received', label: 'Offers received', icon: HandCoins },
  { id: 'offers-made', label: 'Offers made', icon: Tag },
  { id: 'notifications', label: 'Notifications', icon: Bell },
  POSTS_TAB,
  { id: 'bookmarks', label: 'Bookmarks', icon: BookmarkCheck },
];
/** Another member's profile shows what is public. */
export const OTHER_TABS: readonly TabItem<ProfileTab>[] = [LISTINGS_TAB, SOLD_TAB, REVIEWS_TAB, POSTS_TAB];

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
const forumAction = (
  <Link to="/forum" className={buttonClasses({ variant: 'secondary' })}>
    Go to the Community
  </Link>
);

function tabContent(tab: ProfileTab, own: boolean, name: string): TabContent {
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
    case 'favourites':
      return {
        icon: Bookmark,
        title: 'No favourites yet',
        description: 'Choose Favourite on a listing’s page to keep it here and find it again later.',
        action: browseAction,
      };
    case 'sold':
      return own
        ? {
            icon: PackageCheck,
            title: 'Nothing sold yet',
            description: 'Gear you mark as sold moves here, with the buyer’s rating once they give one.',
            action: listGearAction,
          }
        : {
            icon: PackageCheck,
            title: `${name} hasn’t sold anything yet`,
            description: 'Gear this member sells on Castline will be listed here.',
            action: browseAction,
          };
    case 'reviews':
      // The reviews section words its own empty states (as seller, as buyer).
      return {
        icon: Star,
        title: own ? 'No reviews yet' : `${name} has no reviews yet`,
        description: 'Reviews from the other side of each order appear here.',
        action: browseAction,
      };
    case 'posts':
      return own
        ? {
            icon: MessagesSquare,
            title: 'You haven’t posted yet',
            description: 'Share a fishing report, ask about gear or help another angler in the Community.',
            action: forumAction,
          }
        : {
            icon: MessagesSquare,
            title: `${name} hasn’t posted yet`,
            description: 'Posts this member writes in the Community will appear here.',
            action: forumAction,
          };
    case 'bookmarks':
      return {
        icon: BookmarkCheck,
        title: 'No bookmarks yet',
        description: 'Bookmark a topic or a comment in the Community to find it here again.',
        action: forumAction,
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
            title: `${name} has no listings yet`,
            description: 'Gear this member puts up for sale will appear here.',
            action: browseAction,
          };
  }
}

/** The member's tabs under the header; the address (`?tab=`) says which one is open. */
export function ProfileTabs({ own, userId, name }: { own: boolean; userId: string; name: string }) {
  const tabs = own ? OWN_TABS : OTHER_TABS;
  const active = useActiveTab(tabs) ?? 'listings';
  const content = tabContent(active, own, name);
  const label = tabs.find((tab) => tab.id === active)?.label ?? 'Listings';
  const empty = (
    <EmptyState
      icon={content.icon}
      title={content.title}
      description={content.description}
      action={content.action}
    />
  );

  return (
    <div className="flex flex-col gap-6">
      <Tabs tabs={tabs} label="Profile sections" />
      <section aria-label={label}>
        {active === 'listings' ? (
          <ProfileListings key="listings" userId={userId} sold={false} label="Listings" empty={empty} />
        ) : active === 'sold' ? (
          <ProfileListings key="sold" userId={userId} sold label="Sold listings" empty={empty} />
        ) : active === 'reviews' ? (
          <Suspense
            fallback={
              <LoadingSkeleton label="Loading reviews">
                <CardSkeleton lines={3} />
              </LoadingSkeleton>
            }
          >
            <ProfileReviews userId={userId} name={name} heading={false} />
          </Suspense>
        ) : active === 'posts' ? (
          <Suspense
            fallback={
              <LoadingSkeleton label="Loading posts">
                <CardSkeleton lines={3} />
              </LoadingSkeleton>
            }
          >
            <MemberPosts userId={userId} empty={empty} />
          </Suspense>
        ) : own && active === 'bookmarks' ? (
          <Suspense
            fallback={
              <LoadingSkeleton label="Loading bookmarks">
                <CardSkeleton />
              </LoadingSkeleton>
            }
          >
            <ForumBookmarks empty={empty} />
          </Suspense>
        ) : own && active === 'favourites' ? (
          <Favourites empty={empty} />
        ) : own && (active === 'offers-received' || active === 'offers-made') ? (
          <Suspense
            fallback={
              <LoadingSkeleton label="Loading offers">
                <CardSkeleton lines={3} />
              </LoadingSkeleton>
            }
          >
            <OffersList key={active} role={active === 'offers-received' ? 'received' : 'made'} />
          </Suspense>
        ) : own && active === 'notifications' ? (
          <div className="flex flex-col gap-3">
            <Suspense
              fallback={
                <LoadingSkeleton label="Loading notifications">
                  <CardSkeleton lines={3} />
                </LoadingSkeleton>
              }
            >
              <NotificationsFeed tab="all" viewerId={userId} label="Your notifications" empty={empty} />
            </Suspense>
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

interface ListingsTabProps {
  userId: string;
  sold: boolean;
  label: string;
  empty: ReactNode;
}

/** The member's unsold or sold listings, 20 at a time; the detail page's Close comes back here. */
function ProfileListings({ userId, sold, label, empty }: ListingsTabProps) {
  const location = useLocation();
  const listings = useProfileListings(userId, sold);
  const { items, total } = flattenPages(listings.data);

  if (listings.isPending) return <ListingGridSkeleton count={4} label={`Loading ${label.toLowerCase()}`} />;
  if (listings.isError && !listings.data) {
    return <ListingsError message={listings.error.message} onRetry={() => void listings.refetch()} />;
  }
  if (total === 0) return empty;
  return (
    <div className="flex flex-col gap-4">
      <ListingGrid listings={items} from={`${location.pathname}${location.search}`} label={label} />
      <ListingPager listings={listings} shown={items.length} total={total} />
    </div>
  );
}

/** The signed-in member's favourites. */
function Favourites({ empty }: { empty: ReactNode }) {
  const location = useLocation();
  const favourites = useMyFavorites();
  const { items, total } = flattenPages(favourites.data);

  if (favourites.isPending) return <ListingGridSkeleton count={4} label="Loading favourites" />;
  if (favourites.isError && !favourites.data) {
    return <ListingsError message={favourites.error.message} onRetry={() => void favourites.refetch()} />;
  }
  if (total === 0) return empty;
  return (
    <div className="flex flex-col gap-4">
      <ListingGrid listings={items} from={`${location.pathname}${location.search}`} label="Favourites" />
      <ListingPager listings={favourites} shown={items.length} total={total} />
    </div>
  );
}
