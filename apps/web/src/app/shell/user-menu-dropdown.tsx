import { actsAsAdmin, actsAsCaptain, policyActorOf } from '@castline/shared';
import type { CurrentUserDto } from '@castline/shared';
import {
  Anchor,
  LayoutDashboard,
  LogOut,
  MessagesSquare,
  Receipt,
  Settings,
  Shield,
  UserRound,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from '../../lib/router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  useFirstOpenFocus,
} from '../../components/ui/dropdown-menu';
import type { LayerOpenedWith } from '../../components/ui/lazy-layer';
import { useSignOut } from '../../features/accounts';
import { getMonitoring } from '../../lib/monitoring';
import { UnreadCountBadge } from './unread-badges';
import { USER_MENU_TRIGGER_CLASS, UserMenuTriggerFace } from './user-menu';

/** The menu's pages: Admin for admins, Captain's Club for captains (spec 000 §2). */
function menuLinks(user: CurrentUserDto): { to: string; label: string; icon: LucideIcon }[] {
  return [
    { to: '/profile', label: 'Profile', icon: UserRound },
    { to: '/messages', label: 'Messages', icon: MessagesSquare },
    { to: '/orders', label: 'Orders', icon: Receipt },
    { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
    { to: '/settings', label: 'Settings', icon: Settings },
    ...(actsAsAdmin(policyActorOf(user)) ? [{ to: '/admin', label: 'Admin', icon: Shield }] : []),
    ...(actsAsCaptain(user) ? [{ to: '/captains-club', label: "Captain's Club", icon: Anchor }] : []),
  ];
}

/** The member menu itself, loaded on first use and mounted open (see UserMenu). */
export function UserMenuDropdown({
  user,
  openedWith,
}: {
  user: CurrentUserDto;
  openedWith: LayerOpenedWith;
}) {
  const signOut = useSignOut();
  const contentRef = useFirstOpenFocus(openedWith);
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger className={USER_MENU_TRIGGER_CLASS}>
        <UserMenuTriggerFace user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent aria-label="Account" ref={contentRef}>
        <DropdownMenuLabel>
          <p className="truncate text-sm font-semibold text-ink">{user.username}</p>
          <p className="truncate text-xs text-ink-muted">{user.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {menuLinks(user).map(({ to, label, icon: Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" size={18} />
              {label}
              {to === '/messages' && <UnreadCountBadge kind="messages" className="ml-auto" />}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={signOut.isPending}
          onSelect={() =>
            signOut.mutate(undefined, {
              onError: (error) => getMonitoring().captureException(error, { action: 'sign-out' }),
            })
          }
        >
          <LogOut aria-hidden="true" size={18} />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
