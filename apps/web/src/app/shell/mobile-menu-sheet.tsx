import { actsAsAdmin, actsAsCaptain, policyActorOf } from '@castline/shared';
import type { CurrentUserDto } from '@castline/shared';
import {
  Anchor,
  Bell,
  Home,
  Info,
  LogIn,
  LogOut,
  MessagesSquare,
  Receipt,
  Shield,
  SquarePen,
} from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from '../../lib/router';
import { Button } from '../../components/ui/button';
import { Dialog, DialogTrigger, SheetContent } from '../../components/ui/dialog';
import { MemberAvatar } from '../../components/ui/member-avatar';
import { useSignOut } from '../../features/accounts';
import { setOpenCreatePostFlag } from '../../features/forum';
import { cn } from '../../lib/cn';
import { getMonitoring } from '../../lib/monitoring';
import { useAuthDialog } from './auth-dialog';
import { mainNavItems } from './nav-items';
import { MOBILE_MENU_TRIGGER_CLASS, MobileMenuTriggerFace } from './mobile-menu';
import { UnreadCountBadge } from './unread-badges';

/** The 3-tile row (spec 001 §2); Messages counts unread messages, Alerts unread notifications. */
const TILES = [
  { to: '/', label: 'Home', icon: Home, counts: null },
  { to: '/messages', label: 'Messages', icon: MessagesSquare, counts: 'messages' },
  { to: '/notifications', label: 'Notifications', icon: Bell, counts: 'notifications' },
] as const;

const ROW =
  'flex min-h-12 items-center gap-3 rounded-lg px-3 text-base font-medium text-ink hover:bg-surface-muted';

/** The hamburger menu itself, loaded on first use and mounted open (see MobileMenu). */
export function MobileMenuSheet({ user }: { user: CurrentUserDto | null }) {
  const [open, setOpen] = useState(true);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const authDialog = useAuthDialog();
  const signOut = useSignOut();
  const close = () => setOpen(false);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger aria-label="Open menu" className={MOBILE_MENU_TRIGGER_CLASS}>
        <MobileMenuTriggerFace user={user} />
      </DialogTrigger>
      <SheetContent title="Menu">
        <div className="flex flex-1 flex-col gap-5 p-4">
          {user ? (
            <Link
              to="/profile"
              onClick={close}
              className="flex items-center gap-3 rounded-xl border border-line bg-canvas p-3"
            >
              <MemberAvatar url={user.avatar_url} className="size-12" iconSize={24} />
              <span className="min-w-0">
                <span className="block truncate font-semibold text-ink">{user.username}</span>
                <span className="block truncate text-sm text-ink-muted">{user.email}</span>
              </span>
            </Link>
          ) : (
            <Button
              fullWidth
              onClick={() => {
                close();
                authDialog.open('sign-in');
              }}
            >
              <LogIn aria-hidden="true" size={18} />
              Sign In / Sign Up
            </Button>
          )}

          <nav aria-label="Main" className="flex flex-col gap-1">
            {mainNavItems(user).map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.end ?? false}
                onClick={close}
                className={({ isActive }) => cn(ROW, isActive && 'bg-brand-soft text-brand')}
              >
                {item.label}
              </NavLink>
            ))}
            <NavLink
              to="/early-access-info"
              onClick={close}
              className={({ isActive }) => cn(ROW, isActive && 'bg-brand-soft text-brand')}
            >
              <Info aria-hidden="true" size={18} />
              Early Access Info
            </NavLink>
          </nav>

          <nav aria-label="Shortcuts" className="grid grid-cols-3 gap-2">
            {TILES.map(({ to, label, icon: Icon, counts }) => {
              const active = pathname === to;
              return (
                <Link
                  key={to}
                  to={to}
                  onClick={close}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'relative flex flex-col items-center gap-1.5 rounded-xl border px-2 py-3 text-sm font-semibold',
                    active
                      ? 'border-brand bg-brand text-topbar-ink'
                      : 'border-line bg-canvas text-ink hover:bg-surface-muted',
                  )}
                >
                  <Icon aria-hidden="true" size={22} />
                  {label}
                  {user && counts && (
                    <UnreadCountBadge kind={counts} className="absolute top-1.5 right-1.5" />
                  )}
                </Link>
              );
            })}
          </nav>

          {user && (
            <NavLink
              to="/orders"
              onClick={close}
              className={({ isActive }) => cn(ROW, isActive && 'bg-brand-soft text-brand')}
            >
              <Receipt aria-hidden="true" size={18} />
              Orders
            </NavLink>
          )}

          {user && (
            <Button
              variant="secondary"
              fullWidth
              onClick={() => {
                setOpenCreatePostFlag();
                close();
                void navigate('/forum');
              }}
            >
              <SquarePen aria-hidden="true" size={18} />
              Create Post
            </Button>
          )}

          {user && (actsAsAdmin(policyActorOf(user)) || actsAsCaptain(user)) && (
            <div className="flex flex-col gap-1 border-t border-line pt-4">
              {actsAsAdmin(policyActorOf(user)) && (
                <Link to="/admin" onClick={close} className={ROW}>
                  <Shield aria-hidden="true" size={18} />
                  Admin Dashboard
                </Link>
              )}
              {actsAsCaptain(user) && (
                <Link to="/captains-club" onClick={close} className={ROW}>
                  <Anchor aria-hidden="true" size={18} />
                  Captain&apos;s Club
                </Link>
              )}
            </div>
          )}

          {user && (
            <div className="mt-auto border-t border-line pt-4">
              <Button
                variant="danger"
                fullWidth
                loading={signOut.isPending}
                onClick={() =>
                  signOut.mutate(undefined, {
                    onError: (error) => getMonitoring().captureException(error, { action: 'sign-out' }),
                  })
                }
              >
                {!signOut.isPending && <LogOut aria-hidden="true" size={18} />}
                Sign Out
              </Button>
            </div>
          )}
        </div>
      </SheetContent>
    </Dialog>
  );
}
