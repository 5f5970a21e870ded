import type { LucideIcon } from 'lucide-react';
import { Link, useLocation, useSearchParams } from '../../lib/router';
import { cn } from '../../lib/cn';

export interface TabItem<Id extends string = string> {
  /** The value of the query parameter; the first tab is the default and leaves the parameter out. */
  id: Id;
  label: string;
  icon?: LucideIcon;
}

/** The tab named by `?{param}=` when it is one of `tabs`, else the first tab. */
export function activeTabId<Id extends string>(
  tabs: readonly TabItem<Id>[],
  value: string | null,
): Id | undefined {
  return tabs.find((tab) => tab.id === value)?.id ?? tabs[0]?.id;
}

/** Reads the active tab from the address (`?tab=` by default). */
export function useActiveTab<Id extends string>(tabs: readonly TabItem<Id>[], param = 'tab'): Id | undefined {
  const [searchParams] = useSearchParams();
  return activeTabId(tabs, searchParams.get(param));
}

interface TabsProps<Id extends string> {
  tabs: readonly TabItem<Id>[];
  /** Names the navigation for screen readers ("Notification types"). */
  label: string;
  param?: string;
  className?: string;
}

/**
 * Tabs as links: each one is an address (`?tab=…`), so it can be shared, reloaded and reached with
 * Tab; the active one carries aria-current="page". Other query parameters are kept.
 */
export function Tabs<Id extends string>({ tabs, label, param = 'tab', className }: TabsProps<Id>) {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const active = activeTabId(tabs, searchParams.get(param));

  function searchFor(id: Id): string {
    const next = new URLSearchParams(searchParams);
    if (id === tabs[0]?.id) next.delete(param);
    else next.set(param, id);
    const query = next.toString();
    return query ? `?${query}` : '';
  }

  return (
    <nav aria-label={label} className={cn('-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0', className)}>
      <ul className="flex min-w-max gap-1 border-b border-line">
        {tabs.map(({ id, label: tabLabel, icon: Icon }) => {
          const current = id === active;
          return (
            <li key={id} className="flex">
              <Link
                to={{ pathname, search: searchFor(id) }}
                preventScrollReset
                aria-current={current ? 'page' : undefined}
                className={cn(
                  '-mb-px inline-flex min-h-11 items-center gap-2 rounded-t-md border-b-2 px-3 text-sm font-semibold whitespace-nowrap transition-colors sm:px-4',
                  current
                    ? 'border-brand text-brand'
                    : 'border-transparent text-ink-muted hover:border-line hover:text-ink',
                )}
              >
                {Icon && <Icon aria-hidden="true" size={16} />}
                {tabLabel}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
