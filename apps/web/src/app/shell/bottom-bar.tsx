import type { CurrentUserDto } from '@castline/shared';
import { Home, MessagesSquare, PlusCircle, Store, UserRound } from 'lucide-react';
import { NavLink } from '../../lib/router';
import { useUnreadCounts } from '../../features/notifications';
import type { FromState } from '../../lib/redirect-target';
import { cn } from '../../lib/cn';
import { messagesLabel, MessagesFace } from './unread-badges';

/**
 * The phone-sized tab bar (spec 000 §2 "Mobile bottom bar"); Sell stands out. Messages, with its
 * unread count, sits between Forum and Profile (decision 0019).
 */
export function BottomBar({ user }: { user: CurrentUserDto | null }) {
  const signIn = (from: string): { to: string; state: FromState } => ({ to: '/auth/login', state: { from } });
  const sell = user ? { to: '/marketplace/new' } : signIn('/marketplace/new');
  const profile = user ? { to: '/profile' } : signIn('/profile');
  const messages = user ? { to: '/messages' } : signIn('/messages');
  const unread = useUnreadCounts(Boolean(user)).data?.messages ?? 0;

  const item = 'flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-semibold';
  const tone = ({ isActive }: { isActive: boolean }) =>
    cn(item, isActive ? 'text-brand' : 'text-ink-muted hover:text-ink');

  return (
    <nav
      aria-label="Quick navigation"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <div className="mx-auto flex max-w-lg items-stretch px-1">
        <NavLink to="/" end className={tone}>
          <Home aria-hidden="true" size={22} />
          Home
        </NavLink>
        <NavLink to="/marketplace" end className={tone}>
          <Store aria-hidden="true" size={22} />
          Shop
        </NavLink>
        <NavLink
          to={sell.to}
          state={'state' in sell ? sell.state : undefined}
          className={cn(item, 'text-ink')}
        >
          {({ isActive }) => (
            <>
              <span
                className={cn(
                  '-mt-5 inline-flex size-12 items-center justify-center rounded-full bg-cta text-cta-ink shadow-lg shadow-cta/30 ring-4 ring-surface',
                  isActive && 'ring-brand-soft',
                )}
              >
                <PlusCircle aria-hidden="true" size={26} />
              </span>
              Sell
            </>
          )}
        </NavLink>
        <NavLink to="/forum" className={tone}>
          <MessagesSquare aria-hidden="true" size={22} />
          Forum
        </NavLink>
        <NavLink
          to={messages.to}
          state={'state' in messages ? messages.state : undefined}
          end={!user}
          aria-label={messagesLabel(user ? unread : 0)}
          className={tone}
        >
          {/* The word comes first in the page, a word apart, and shows under the icon: what a
              reader sees, in its order ("Messages 3"), starts the link's name ("Messages, 3 unread"). */}
          <span aria-hidden="true" className="order-last">
            Messages
          </span>{' '}
          <MessagesFace unread={user ? unread : 0} />
        </NavLink>
        <NavLink
          to={profile.to}
          state={'state' in profile ? profile.state : undefined}
          end={!user}
          className={tone}
        >
          <UserRound aria-hidden="true" size={22} />
          Profile
        </NavLink>
      </div>
    </nav>
  );
}
