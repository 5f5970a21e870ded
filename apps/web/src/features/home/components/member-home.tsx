import type { CurrentUserDto } from '@castline/shared';
import { Card } from '../../../components/ui/card';
import { ActiveSessionsPanel } from '../../auth/components/active-sessions-panel';
import { SignOutButton } from '../../auth/components/sign-out-button';
import { MemberAvatar } from '../../../components/ui/member-avatar';
import { HomeListingRows } from './home-listing-rows';

/** The start page of a signed-in member: the greeting, the gear rows and their sessions. */
export function MemberHome({ user }: { user: CurrentUserDto }) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-10 px-4 py-10 sm:px-6 sm:py-14">
      <Card className="flex flex-col gap-5 p-5 sm:flex-row sm:items-center sm:p-7">
        <MemberAvatar url={user.avatar_url} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight break-words">
            Good to see you, {user.username}
          </h1>
          <p className="break-all text-ink-muted">{user.email}</p>
        </div>
        <div className="sm:self-center">
          <SignOutButton />
        </div>
      </Card>
      <HomeListingRows />
      <div className="w-full max-w-3xl">
        <ActiveSessionsPanel />
      </div>
    </div>
  );
}
