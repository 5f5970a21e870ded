import { Info, LogIn } from 'lucide-react';
import { Link, NavLink } from '../../lib/router';
import { CastlineLogo } from '../../components/brand/castline-logo';
import { useSession } from '../../lib/session';
import { NotificationsMenu } from '../../features/notifications';
import { cn } from '../../lib/cn';
import { useAuthDialog } from './auth-dialog';
import { MobileMenu } from './mobile-menu';
import { mainNavItems } from './nav-items';
import { HeaderMessagesLink } from './unread-badges';
import { UserMenu } from './user-menu';

const ON_TOPBAR = 'rounded-lg focus-visible:outline-topbar-ink';

/** The bar at the top of every page outside /auth/ (spec 000 §2 "Header"). */
export function SiteHeader() {
  const session = useSession();
  const authDialog = useAuthDialog();
  const user = session.data?.user ?? null;

  return (
    <header className="sticky top-0 z-30 border-b border-white/10 bg-topbar text-topbar-ink shadow-sm">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
        <Link to="/" className={cn(ON_TOPBAR, '-mx-1 shrink-0 px-1 py-1')} aria-label="Castline home">
          <CastlineLogo />
        </Link>
        <Link
          to="/early-access-info"
          className={cn(
            ON_TOPBAR,
            'inline-flex shrink-0 items-center gap-1.5 rounded-full border border-white/25 px-2.5 py-1 text-xs font-semibold hover:bg-white/10',
          )}
        >
          <Info aria-hidden="true" size={14} />
          {/* Only the icon on the narrowest phones, so the bar never pushes the page sideways. */}
          <span className="sr-only min-[400px]:not-sr-only">
            Early Access <span className="sr-only sm:not-sr-only">Info</span>
          </span>
        </Link>

        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 md:flex">
          {mainNavItems(user).map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.end ?? false}
              className={({ isActive }) =>
                cn(
                  ON_TOPBAR,
                  'px-3 py-2 text-sm font-semibold hover:bg-white/10',
                  isActive && 'bg-white/15 underline decoration-cta decoration-2 underline-offset-8',
                )
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-1">
          {session.isPending ? (
            <span
              role="status"
              aria-label="Loading your account"
              className="hidden h-9 w-32 animate-pulse rounded-full bg-white/15 md:block"
            />
          ) : user ? (
            <>
              <HeaderMessagesLink className="relative hidden size-11 shrink-0 items-center justify-center rounded-lg text-topbar-ink hover:bg-white/10 focus-visible:outline-topbar-ink md:inline-flex" />
              <NotificationsMenu />
              <div className="hidden md:block">
                <UserMenu user={user} />
              </div>
            </>
          ) : (
            <button
              type="button"
              onClick={() => authDialog.open('sign-in')}
              onPointerEnter={authDialog.prefetch}
              onFocus={authDialog.prefetch}
              aria-haspopup="dialog"
              aria-busy={authDialog.pending || undefined}
              className={cn(
                ON_TOPBAR,
                'hidden min-h-10 items-center gap-2 bg-cta px-4 text-sm font-semibold text-cta-ink hover:bg-cta-hover aria-busy:cursor-progress md:inline-flex',
              )}
            >
              <LogIn aria-hidden="true" size={16} />
              Sign In
            </button>
          )}
          <MobileMenu user={user} />
        </div>
      </div>
    </header>
  );
}
