import { matchPage, PAGE_PATHS } from '@castline/shared';
import { matchRoutes, type RouteObject } from '../lib/router';
import { describe, expect, it } from 'vitest';
import { appRoutes } from './routes';

/** Every page of the route table as a full path ('/' for the index route), the catch-all left out. */
function tablePaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const full = route.index
      ? parent || '/'
      : route.path === undefined
        ? parent
        : `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
    const page = (route.index || (route.path !== undefined && !route.children)) && route.path !== '*';
    return [...(page ? [full] : []), ...(route.children ? tablePaths(route.children, full) : [])];
  });
}

/** The pattern of the page the web app's router picks for `pathname`; null where it shows not-found. */
function routerPattern(pathname: string): string | null {
  const routes = (matchRoutes(appRoutes, pathname) ?? []).map((match) => match.route);
  if (routes.length === 0 || routes.at(-1)?.path === '*') return null;
  const segments = routes.map((route) => route.path).filter((path) => path !== undefined && path !== '/');
  return `/${segments.join('/')}`;
}

describe('the shared page list', () => {
  it('holds exactly the pages of the route table', () => {
    expect(new Set(tablePaths(appRoutes))).toEqual(new Set(Object.values(PAGE_PATHS)));
  });

  it('matches a path as the web router does: the same page, or none where the router shows not-found', () => {
    const samples = [
      '/',
      '/marketplace',
      '/marketplace/',
      '/MARKETPLACE',
      '/marketplace/new',
      '/marketplace/abc',
      '/marketplace/abc/edit',
      '/marketplace/abc/def',
      '/product/abc',
      '/product',
      '/forum/post/abc',
      '/forum/post',
      '/forum/post/abc/x',
      '/reset-password',
      '/reset-password/abc/def',
      '/auth',
      '/auth/login',
      '/auth/other',
      '/profile/a%2Fb',
      '/profile/a/b',
      '/admin',
      '/admin/users/abc',
      '/admin/nope',
      '/captains-club',
      '/orders',
      '/orders/abc',
      '/orders/abc/def',
      '/no/such/place',
      '//marketplace',
    ];
    for (const pathname of samples) {
      const shared = matchPage(pathname);
      expect(shared ? PAGE_PATHS[shared.name] : null, pathname).toBe(routerPattern(pathname));
    }
  });
});
