import type { PublicProfileDto } from '@castline/shared';
import { SETTINGS_MESSAGES } from '@castline/shared';
import { Anchor, MapPin, MessageCircle, Settings, SquarePen, UserRoundX } from 'lucide-react';
import type { ReactNode } from 'react';
import { lazy, Suspense, useId } from 'react';
import { Link } from '../../../lib/router';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { lazyNamed, useLazyDialog } from '../../../components/ui/lazy-layer';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime, formatLongDate } from '../../../lib/format-date';
import { PresenceLabel } from '../../presence';
import { ReportButton } from '../../reports';
import { BlockButton } from './block-button';
import { ProfileAvatar } from './profile-avatar';
import { formatCount } from '../../../lib/format-number';

// The profile editor (its form, avatar upload, checks and the dialog library) loads on first use.
const loadEditor = () => import('./edit-profile-dialog');
const EditProfileDialog = lazy(lazyNamed(loadEditor, 'EditProfileDialog'));

/** What the header shows; for your own profile it comes from the session until the profile arrives. */
export type HeaderFields = Pick<
  PublicProfileDto,
  'username' | 'full_name' | 'avatar_url' | 'is_captain' | 'created_at' | 'title' | 'location' | 'bio'
> &
  Partial<Pick<PublicProfileDto, 'deleted' | 'blocked_by_me'>>;

/** The name a profile goes by: its username, or "deleted member" once the account is gone. */
export function displayName(profile: Pick<HeaderFields, 'username' | 'deleted'>): string {
  return profile.deleted ? SETTINGS_MESSAGES.deletedMemberName : profile.username;
}

interface ProfileHeaderProps {
  profile: HeaderFields;
  /** The full profile once loaded (edit form, block state). */
  loaded: PublicProfileDto | undefined;
  own: boolean;
  userId: string;
  /** The figures under the header (or their skeleton or error). */
  children: ReactNode;
}

/** The profile card: picture, names, bio, place, member since, presence, and the member's actions. */
export function ProfileHeader({ profile, loaded, own, userId, children }: ProfileHeaderProps) {
  const headingId = useId();
  const deleted = Boolean(profile.deleted);
  const name = displayName(profile);
  return (
    <Card aria-labelledby={headingId} className="flex flex-col gap-6 p-5 sm:p-7">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <ProfileAvatar
          url={deleted ? null : profile.avatar_url}
          name={deleted ? '?' : (profile.full_name ?? name)}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 id={headingId} className="text-2xl font-semibold tracking-tight break-all sm:text-3xl">
              {name}
            </h1>
            {profile.is_captain && !deleted && (
              <Badge tone="reed">
                <Anchor aria-hidden="true" size={12} />
                Captain
              </Badge>
            )}
            {!own && !deleted && <PresenceLabel userId={userId} />}
          </div>
          {deleted ? (
            <p className="inline-flex items-center gap-1.5 text-ink-muted">
              <UserRoundX aria-hidden="true" size={16} />
              This member deleted their account. Their forum posts stay on Castline.
            </p>
          ) : (
            <>
              {profile.full_name && <p className="font-medium break-words">{profile.full_name}</p>}
              {profile.title && <p className="text-ink-muted break-words">{profile.title}</p>}
              {profile.bio && (
                <p className="mt-1 max-w-prose leading-relaxed break-words whitespace-pre-line">
                  {profile.bio}
                </p>
              )}
            </>
          )}
          <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-muted">
            {profile.location && !deleted && (
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
          {!own && profile.blocked_by_me && (
            <p className="mt-1 text-sm font-medium text-ink-muted">
              You blocked this member. They can’t message you, and their posts are collapsed for you.
            </p>
          )}
        </div>
        {own ? (
          <OwnActions profile={loaded} />
        ) : (
          !deleted &&
          loaded && (
            <div className="flex flex-wrap gap-2 self-start">
              <Link to={`/messages/${encodeURIComponent(userId)}`} className={buttonClasses({ size: 'sm' })}>
                <MessageCircle aria-hidden="true" size={16} />
                Message
              </Link>
              <BlockButton userId={userId} username={loaded.username} blocked={loaded.blocked_by_me} />
              <ReportButton entityType="user" entityId={userId} ownerId={userId} />
            </div>
          )
        )}
      </div>
      {children}
    </Card>
  );
}

function OwnActions({ profile }: { profile: PublicProfileDto | undefined }) {
  const editor = useLazyDialog(loadEditor);
  return (
    <div className="flex flex-wrap gap-2 self-start">
      {profile && (
        <>
          <Button size="sm" {...editor.triggerProps}>
            <SquarePen aria-hidden="true" size={16} />
            Edit profile
          </Button>
          <Suspense fallback={null}>
            {editor.mounted && (
              <EditProfileDialog
                profile={profile}
                open={editor.open}
                onOpenChange={editor.setOpen}
                returnFocusTo={editor.triggerRef}
              />
            )}
          </Suspense>
        </>
      )}
      <Link to="/settings" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        <Settings aria-hidden="true" size={16} />
        Settings
      </Link>
    </div>
  );
}

const STAT_CELL = 'flex flex-col gap-0.5 rounded-xl bg-surface-muted/60 px-4 py-3';

interface Stat {
  label: string;
  value: string;
  /** A second line under the value ("from 12 ratings"). */
  note?: string;
}

function StatGroup({ title, stats }: { title: string; stats: Stat[] }) {
  const headingId = useId();
  return (
    <div className="flex flex-col gap-2">
      <h2 id={headingId} className="text-sm font-semibold tracking-wide text-ink-muted uppercase">
        {title}
      </h2>
      <dl aria-labelledby={headingId} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {stats.map((stat) => (
          <div key={stat.label} className={STAT_CELL}>
            <dt className="order-2 text-sm text-ink-muted">{stat.label}</dt>
            <dd className="order-1 text-2xl font-semibold tabular-nums">{stat.value}</dd>
            {stat.note && <dd className="order-3 text-xs text-ink-muted">{stat.note}</dd>}
          </div>
        ))}
      </dl>
    </div>
  );
}

function ratingNote(ratings: number): string {
  if (ratings === 0) return 'No ratings yet';
  return ratings === 1 ? 'from 1 rating' : `from ${formatCount(ratings)} ratings`;
}

/** Seller figures (active listings, sales, rating) and forum figures (posts, comments, likes). */
export function ProfileStats({ profile }: { profile: PublicProfileDto }) {
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <StatGroup
        title="Seller"
        stats={[
          { label: 'Active listings', value: formatCount(profile.active_listings_count) },
          { label: 'Sales', value: formatCount(profile.sales_count) },
          {
            label: 'Seller rating',
            value: profile.ratings_count > 0 ? profile.seller_rating.toFixed(1) : '–',
            note: ratingNote(profile.ratings_count),
          },
        ]}
      />
      <StatGroup
        title="Community"
        stats={[
          { label: 'Posts', value: formatCount(profile.posts_count) },
          { label: 'Comments', value: formatCount(profile.comments_count) },
          { label: 'Likes received', value: formatCount(profile.likes_received) },
        ]}
      />
    </div>
  );
}

export function StatsSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-5 lg:grid-cols-2">
      {[0, 1].map((group) => (
        <div key={group} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-24" />
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {[0, 1, 2].map((index) => (
              <div key={index} className={STAT_CELL}>
                <Skeleton className="h-7 w-10" />
                <Skeleton className="h-4 w-20" />
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
