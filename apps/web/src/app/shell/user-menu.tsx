import type { CurrentUserDto } from '@castline/shared';
import { ChevronDown } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { lazyNamed, useLazyLayer } from '../../components/ui/lazy-layer';
import { MemberAvatar } from '../../components/ui/member-avatar';
import { UnreadIndicator } from './unread-badges';

const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(lazyNamed(loadDropdown, 'UserMenuDropdown'));

export const USER_MENU_TRIGGER_CLASS =
  'group relative inline-flex min-h-11 items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm font-semibold text-topbar-ink hover:bg-white/10 focus-visible:outline-topbar-ink data-[state=open]:bg-white/15 aria-busy:cursor-progress';

/** What the member's button shows: avatar, name, the unread-messages dot and the chevron. */
export function UserMenuTriggerFace({ user }: { user: CurrentUserDto }) {
  return (
    <>
      <MemberAvatar url={user.avatar_url} className="size-8 ring-2 ring-white/25" iconSize={18} />
      <span className="max-w-36 truncate">{user.username}</span>
      <UnreadIndicator kind="messages" className="absolute top-1 left-7" />
      <ChevronDown
        aria-hidden="true"
        size={16}
        className="transition-transform group-data-[state=open]:rotate-180"
      />
    </>
  );
}

/**
 * The signed-in member's button in the header and the menu it opens. A dot on the avatar says there
 * are unread messages; the Messages entry counts them (9+ above 9). The menu's code loads on the
 * first hover, focus or opening; the button is drawn at once.
 */
export function UserMenu({ user }: { user: CurrentUserDto }) {
  const layer = useLazyLayer(loadDropdown, { arrowOpens: true });
  const standIn = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className={USER_MENU_TRIGGER_CLASS}
      {...layer.triggerProps}
    >
      <UserMenuTriggerFace user={user} />
    </button>
  );
  return (
    <Suspense fallback={standIn}>
      {layer.openedWith ? <UserMenuDropdown user={user} openedWith={layer.openedWith} /> : standIn}
    </Suspense>
  );
}
