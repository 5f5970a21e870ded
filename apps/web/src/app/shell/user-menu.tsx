import type { CurrentUserDto } from '@castline/shared';
import {
  Anchor,
  ChevronDown,
  LayoutDashboard,
  LogOut,
  MessagesSquare,
  Settings,
  Shield,
  UserRound,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { MemberAvatar } from '../../components/ui/member-avatar';
import { useSignOut } from '../../features/auth/api/auth.api';
import { getMonitoring } from '../../lib/monitoring';
import { UnreadCountBadge, UnreadIndicator } from './unread-badges';

/** The menu's pages: Admin for admins, Captain's Club for captains (spec 000 §2). */
function menuLinks(user: CurrentUserDto): { to: string; label: string; icon: LucideIcon }[] {
  return [
    { to: '/profile', label: 'Profile', icon: UserRound },
    { to: '/messages', label: 'Messages', icon: MessagesSquare },
    { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
    { to: '/settings', label: 'Settings', icon: Settings },
    ...(user.is_admin ? [{ to: '/admin', label: 'Admin', icon: Shield }] : []),
    ...(user.is_captain ? [{ to: '/captains-club', label: "Captain's Club", icon: Anchor }] : []),
  ];
}

/**
 * The signed-in member's button in the header and the menu it opens. A dot on the avatar says there
 * are unread messages; the Messages entry counts them (9+ above 9).
 */
export function UserMenu({ user }: { user: CurrentUserDto }) {
  const signOut = useSignOut();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="group relative inline-flex min-h-11 items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm font-semibold text-topbar-ink hover:bg-white/10 focus-visible:outline-topbar-ink data-[state=open]:bg-white/15">
        <MemberAvatar url={user.avatar_url} className="size-8 ring-2 ring-white/25" iconSize={18} />
        <span className="max-w-36 truncate">{user.username}</span>
        <UnreadIndicator kind="messages" className="absolute top-1 left-7" />
        <ChevronDown
          aria-hidden="true"
          size={16}
          className="transition-transform group-data-[state=open]:rotate-180"
        />
      </DropdownMenuTrigger>
      <DropdownMenuContent aria-label="Account">
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
