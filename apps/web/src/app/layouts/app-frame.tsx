import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CastlineLogo } from '../../components/brand/castline-logo';

/** The page frame: a top bar with the Castline logo, the page, and a short footer. */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only rounded-md bg-surface px-4 py-2 font-medium text-brand focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to content
      </a>
      <header className="border-b border-white/10 bg-topbar text-topbar-ink">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center px-4 sm:px-6">
          <Link
            to="/"
            className="-mx-1.5 rounded-lg px-1.5 py-1 focus-visible:outline-topbar-ink"
            aria-label="Castline home"
          >
            <CastlineLogo />
          </Link>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        {children}
      </main>
      <footer className="border-t border-line">
        <div className="mx-auto w-full max-w-6xl px-4 py-6 text-sm text-ink-muted sm:px-6">
          Castline · Buy, sell and talk fishing gear with fellow anglers.
        </div>
      </footer>
    </div>
  );
}
