import type { PostListDto } from '@castline/shared';
import { PROFILE_NOT_FOUND } from '@castline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { lazy, Suspense } from 'react';
import { Link, useParams } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CardSkeleton, LoadingSkeleton, Skeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-client';
import { useRealtimeEvent } from '../../../lib/realtime';
import { useSession } from '../../../lib/session';
import { loadForumSidebar } from '../../forum';
import { profileKeys, useProfile } from '../api/profiles.api';
import type { HeaderFields } from '../components/profile-header';
import { displayName, ProfileHeader, ProfileStats, StatsSkeleton } from '../components/profile-header';
import { ProfileTabs } from '../components/profile-tabs';

export { initialsOf } from '../components/profile-avatar';

/**
 * The forum's top contributors beside every profile (spec 001 §1: profiles show seller statistics
 * and a top-contributors list). Loaded after the page's own content; should it fail to load, the
 * profile works without it.
 */
const TopContributors = lazy<ComponentType>(() =>
  loadForumSidebar().then(
    (module) => ({ default: module.TopContributors }),
    () => ({ default: () => null }),
  ),
);

function TopContributorsPlaceholder() {
  return (
    <LoadingSkeleton label="Loading top contributors">
      <CardSkeleton lines={5} />
    </LoadingSkeleton>
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

/**
 * Keeps an open profile current: a content change by this member (their profile, a post or a
 * comment), or a like or comment on one of their posts shown here, refreshes the figures and posts.
 */
function useLiveProfile(userId: string) {
  const queryClient = useQueryClient();
  useRealtimeEvent('content.changed', (event) => {
    if (!userId) return;
    const byMember = event.user_id === userId;
    const onTheirPost =
      event.post_id !== null &&
      queryClient
        .getQueriesData<PostListDto>({ queryKey: profileKeys.memberPosts(userId) })
        .some(([, list]) => list?.items.some((post) => post.id === event.post_id));
    if (!byMember && !onTheirPost) return;
    void queryClient.invalidateQueries({ queryKey: profileKeys.detail(userId), exact: true });
    if (event.entity !== 'profile') {
      void queryClient.invalidateQueries({ queryKey: profileKeys.memberPosts(userId) });
    }
  });
}

/**
 * /profile (your own) and /profile/:userId: the header card, the member's figures and their tabs,
 * beside the forum's top contributors.
 */
export function ProfileRoute() {
  const { userId } = useParams();
  const { data } = useSession();
  const me = data?.user ?? null;
  const targetId = userId ?? me?.id ?? '';
  const own = me !== null && targetId === me.id;
  const profile = useProfile(targetId);
  useLiveProfile(targetId);

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
    bio: null,
  };
  const name = displayName(header);

  return (
    <Page title={name}>
      <ProfileHeader profile={header} loaded={profile.data} own={own} userId={targetId}>
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
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <ProfileTabs own={own} userId={targetId} name={name} />
        <Suspense fallback={<TopContributorsPlaceholder />}>
          <TopContributors />
        </Suspense>
      </div>
    </Page>
  );
}

function ProfileNotFound() {
  return (
    <Page title={PROFILE_NOT_FOUND}>
      <Card className="mx-auto flex w-full max-w-lg flex-col items-center gap-4 px-6 py-10 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
          <SearchX aria-hidden="true" size={28} />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">{PROFILE_NOT_FOUND}</h1>
        <p className="text-ink-muted">This member may have left Castline, or the link may be mistyped.</p>
        <Link to="/forum" className={buttonClasses({ variant: 'secondary' })}>
          Go to the Community
        </Link>
      </Card>
    </Page>
  );
}
