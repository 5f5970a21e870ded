import { actsAsCaptain } from '@castline/shared';
import type { CurrentUserDto } from '@castline/shared';
import { PackagePlus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from '../../../lib/router';
import { buttonClasses } from '../../../components/ui/button';
import { lazyNamed } from '../../../components/ui/lazy-layer';
import { MemberAvatar } from '../../../components/ui/member-avatar';
import { HomeListingRows } from './home-listing-rows';
import { MemberSectionsSkeleton } from './member-sections-skeleton';

// Members only: a guest's start page (rendered by the server, held to its budget) never loads this.
const loadSections = () => import('./member-sections');
const MemberSections = lazy(lazyNamed(loadSections, 'MemberSections'));

/**
 * The start page of a signed-in member: what they came for first (their listings, conversations,
 * open offers and, for captains, alert matches), then the marketplace's rows. Signing out is in the
 * header's menu.
 */
export function MemberHome({ user }: { user: CurrentUserDto }) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-4">
          <MemberAvatar url={user.avatar_url} className="size-12 sm:size-14" iconSize={24} />
          <div className="flex min-w-0 flex-col gap-0.5">
            <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">
              Good to see you, {user.username}
            </h1>
            <p className="text-ink-muted">
              {actsAsCaptain(user)
                ? 'Your gear, conversations, offers and saved search matches at a glance.'
                : 'Your gear, conversations and offers at a glance.'}
            </p>
          </div>
        </div>
        <Link to="/marketplace/new" className={buttonClasses({ className: 'self-start sm:self-center' })}>
          <PackagePlus aria-hidden="true" size={18} />
          List My Gear
        </Link>
      </header>
      <Suspense fallback={<MemberSectionsSkeleton captain={actsAsCaptain(user)} />}>
        <MemberSections user={user} />
      </Suspense>
      <HomeListingRows className="pt-4" />
    </div>
  );
}
