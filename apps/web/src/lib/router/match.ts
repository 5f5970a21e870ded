import { compilePathPattern, decodePathSegment, matchPathPattern } from '@castline/shared';
import type { ComponentType, ReactNode } from 'react';

/** What a lazily loaded route brings with it. */
export interface LazyRouteParts {
  Component?: ComponentType | null;
  ErrorBoundary?: ComponentType | null;
}

/**
 * A route of the table: a page (`path` or `index`), or a layout around its `children` (with or
 * without a path of its own). Its content is `element`, else `Component`, else its children's
 * page; `lazy` loads the component before the route is first shown.
 */
export interface RouteObject {
  /** Relative to the parent route's path, or absolute ('/x/:id', '*' for any other address). */
  path?: string;
  index?: boolean;
  element?: ReactNode;
  Component?: ComponentType | null;
  /** Shown in the route's place when it, or a route inside it, fails to load or render. */
  ErrorBoundary?: ComponentType | null;
  /** Shown while the first page's code loads (a root route's). */
  HydrateFallback?: ComponentType | null;
  lazy?: () => Promise<LazyRouteParts>;
  children?: RouteObject[];
}

export interface RouteMatch {
  route: RouteObject;
  /** The values of the address's `:name` segments (and `*` for the rest), of the whole match. */
  params: Record<string, string>;
  /** The part of the address this route matched. */
  pathname: string;
}

interface Branch {
  routes: RouteObject[];
  regex: RegExp;
  keys: string[];
  score: number;
}

function joinPaths(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/+$/, '')}/${path}`.replace(/\/{2,}/g, '/');
}

/**
 * The specificity of a full path, as React Router ranks routes: a static segment outranks a
 * `:name` segment, which outranks a trailing `*`; an index route outranks its layout.
 */
function scoreOf(path: string, index: boolean): number {
  const segments = path.split('/');
  let score = segments.length;
  if (segments.includes('*')) score -= 2;
  if (index) score += 2;
  for (const segment of segments) {
    if (segment === '*') continue;
    if (segment.startsWith(':')) score += 3;
    else if (segment === '') score += 1;
    else score += 10;
  }
  return score;
}

function flatten(
  routes: RouteObject[],
  parents: RouteObject[] = [],
  parentPath = '/',
  branches: Branch[] = [],
) {
  routes.forEach((route) => {
    const path = route.path === undefined ? parentPath : joinPaths(parentPath, route.path);
    const chain = [...parents, route];
    if (route.children?.length) flatten(route.children, chain, path, branches);
    // A layout without a path of its own is never a page; one with a path is (it shows its outlet empty).
    if (route.path === undefined && !route.index) return;
    branches.push({ routes: chain, ...compilePathPattern(path), score: scoreOf(path, route.index === true) });
  });
  return branches;
}

const branchCache = new WeakMap<RouteObject[], Branch[]>();

function branchesOf(routes: RouteObject[]): Branch[] {
  let branches = branchCache.get(routes);
  if (!branches) {
    // Stable: among equally specific routes, the first in the table wins.
    branches = flatten(routes).sort((a, b) => b.score - a.score);
    branchCache.set(routes, branches);
  }
  return branches;
}

/**
 * The routes, from the table's root to the page, that `pathname` opens (case-insensitive, trailing
 * slashes ignored); null when none does.
 */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  const path = pathname.split('/').map(decodePathSegment).join('/') || '/';
  for (const branch of branchesOf(routes)) {
    const params = matchPathPattern(branch, path);
    if (params) return branch.routes.map((route) => ({ route, params, pathname: path }));
  }
  return null;
}
