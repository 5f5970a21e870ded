import { useEffect, useId, useRef } from 'react';
import { NavLink, Outlet, useLocation } from '../../../lib/router';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session';
import { visibleSectionGroups } from './admin-sections';

/**
 * The frame around every /admin page: the page container and the admin section navigation (a
 * sidebar on wide screens, a horizontally scrolling strip on a phone) showing only the sections the
 * signed-in staff member may open.
 */
export function AdminLayout() {
  const { data } = useSession();
  const groups = visibleSectionGroups(data?.user);
  const navRef = useRef<HTMLElement>(null);
  const location = useLocation();
  const headingId = useId();

  // On a phone the strip scrolls: keep the current section in view.
  useEffect(() => {
    const active = navRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (active && typeof active.scrollIntoView === 'function') {
      active.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
  }, [location.pathname]);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:flex-row lg:items-start lg:gap-10">
      <nav
        ref={navRef}
        aria-labelledby={headingId}
        className="-mx-4 border-b border-line px-4 pb-3 sm:-mx-6 sm:px-6 lg:sticky lg:top-6 lg:mx-0 lg:w-56 lg:shrink-0 lg:border-b-0 lg:px-0 lg:pb-0"
      >
        {/* Labels, not headings: the page's own h1 is the first heading of every staff page. */}
        <p
          id={headingId}
          className="sr-only lg:not-sr-only lg:mb-3 lg:block lg:text-sm lg:font-semibold lg:text-ink"
        >
          Admin sections
        </p>
        <ul className="flex gap-5 overflow-x-auto pb-1 [scrollbar-width:thin] lg:flex-col lg:gap-5 lg:overflow-visible lg:pb-0">
          {groups.map((group, index) => (
            <li key={group.label} className="flex shrink-0 flex-col gap-1.5">
              <p
                id={`${headingId}-${index}`}
                className="px-2 text-xs font-semibold tracking-wider text-ink-muted uppercase"
              >
                {group.label}
              </p>
              <ul aria-labelledby={`${headingId}-${index}`} className="flex gap-1 lg:flex-col">
                {group.sections.map((section) => (
                  <li key={section.to} className="shrink-0">
                    <NavLink
                      to={section.to}
                      end={section.end ?? false}
                      className={({ isActive }) =>
                        cn(
                          'flex min-h-10 items-center gap-2 rounded-lg px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                          isActive
                            ? 'bg-brand-soft text-brand'
                            : 'text-ink-muted hover:bg-surface-muted hover:text-ink',
                        )
                      }
                    >
                      <section.icon aria-hidden="true" size={16} className="shrink-0" />
                      {section.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex min-w-0 flex-1 flex-col">
        <Outlet />
      </div>
    </div>
  );
}
