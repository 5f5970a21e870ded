import type { ReactNode } from 'react';
import { Link, useLocation } from '../../lib/router';
import { useSession } from '../../lib/session';
import { SkipLink } from '../../components/ui/skip-link';
import { cn } from '../../lib/cn';
import { BottomBar } from '../shell/bottom-bar';
import { ConnectionBar } from '../shell/connection-bar';
import { DebugPanel } from '../shell/debug-panel';
import { GlobalBanner } from '../shell/global-banner';
import { isAuthPath } from '../shell/nav-items';
import { SiteHeader } from '../shell/site-header';

const FOOTER_LINKS = [
  { to: '/marketplace', label: 'Marketplace' },
  { to: '/forum', label: 'Community' },
  { to: '/early-access-info', label: 'Early Access Info' },
] as const;

/** The page frame: banner, header (not under /auth/), the page, footer and the phone bottom bar. */
export function AppFrame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const session = useSession();
  const onAuthPage = isAuthPath(pathname);

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink target="main" className="focus:absolute focus:top-3 focus:left-3 focus:z-50">
        Skip to main content
      </SkipLink>
      <GlobalBanner />
      {!onAuthPage && <SiteHeader />}
      {!onAuthPage && <ConnectionBar />}
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        {children}
      </main>
      <footer className={cn('border-t border-line', !onAuthPage && 'pb-20 md:pb-0')}>
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>Castline · Buy, sell and talk fishing gear with fellow anglers.</p>
          <nav aria-label="Footer">
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="rounded-sm hover:text-ink hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </footer>
      {!onAuthPage && <BottomBar user={session.data?.user ?? null} />}
      <DebugPanel />
    </div>
  );
}
