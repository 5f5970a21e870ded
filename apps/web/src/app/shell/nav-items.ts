import type { CurrentUserDto } from '@castline/shared';

export interface NavItem {
  to: string;
  label: string;
  /** Match only the exact path (for "/"), not its children. */
  end?: boolean;
}

/** The main navigation; 'List My Gear' only for members (spec 000 §2 header). */
export function mainNavItems(user: CurrentUserDto | null): NavItem[] {
  const items: NavItem[] = [
    { to: '/marketplace', label: 'Marketplace', end: true },
    { to: '/forum', label: 'Community' },
  ];
  if (user) items.push({ to: '/marketplace/new', label: 'List My Gear' });
  return items;
}

/** Account pages (under /auth/) show neither the header nor the bottom bar. */
export function isAuthPath(pathname: string): boolean {
  return pathname === '/auth' || pathname.startsWith('/auth/');
}
