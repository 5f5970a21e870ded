/*
 * The web app's pages (spec 000 §2), one path pattern each: the route table in
 * apps/web/src/app/routes.tsx is built from these, and the server answers 404 for any path that
 * matches none of them (apps/server/src/http/page-status.ts). Zod-free: the browser's first
 * load imports it.
 *
 * Patterns are in React Router's notation, which the web app's router (apps/web/src/lib/router)
 * reads: `:name` is one path segment, a trailing `/*` the rest of the path.
 */
import { compilePathPattern, decodePathSegment, matchPathPattern } from './path-pattern.js';

export const PAGE_PATHS = {
  home: '/',
  marketplace: '/marketplace',
  listing: '/marketplace/:id',
  product: '/product/:id',
  forum: '/forum',
  forumPost: '/forum/post/:postId',
  tags: '/tags',
  tag: '/tags/:slug',
  earlyAccess: '/early-access-info',
  errorTest: '/error-test',
  icons: '/dev/icons',
  signIn: '/auth/login',
  signUp: '/auth/signup',
  login: '/login',
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  resetPasswordLink: '/reset-password/*',
  auth: '/auth',
  signup: '/signup',
  dashboard: '/dashboard',
  newListing: '/marketplace/new',
  editListing: '/marketplace/:id/edit',
  profile: '/profile',
  memberProfile: '/profile/:userId',
  settings: '/settings',
  confirmEmail: '/settings/confirm-email',
  messages: '/messages',
  conversation: '/messages/:userId',
  notifications: '/notifications',
  orders: '/orders',
  order: '/orders/:id',
  admin: '/admin',
  adminUsers: '/admin/users',
  adminUser: '/admin/users/:id',
  adminRoles: '/admin/roles',
  adminSessions: '/admin/sessions',
  adminSettings: '/admin/settings',
  auditLogs: '/admin/audit-logs',
  moderationQueue: '/admin/moderation',
  listingApproval: '/admin/moderation/listings',
  moderationRules: '/admin/moderation/rules',
  moderationLogs: '/admin/moderation/logs',
  forumAdmin: '/admin/forum',
  monitoring: '/admin/monitoring',
  imagePerformance: '/admin/image-performance',
  captainsClub: '/captains-club',
} as const;

export type PageName = keyof typeof PAGE_PATHS;

/** A page's path as a child route of the root route: 'marketplace/:id' (the home page has none). */
export function routePath(name: PageName): string {
  return PAGE_PATHS[name].slice(1);
}

/** The page a path opens, with the values of its `:name` segments (and `*` for the rest). */
export interface PageMatch {
  name: PageName;
  params: Record<string, string>;
}

interface CompiledPage {
  name: PageName;
  regex: RegExp;
  keys: string[];
  /** Static segments outrank `:name` segments, which outrank a trailing `*` (as the web app's router ranks them). */
  score: number;
}

function compile(name: PageName, pattern: string): CompiledPage {
  let score = 0;
  for (const segment of pattern.split('/').filter(Boolean)) {
    if (segment === '*') score -= 2;
    else if (segment.startsWith(':')) score += 3;
    else score += 10;
  }
  return { name, score, ...compilePathPattern(pattern) };
}

/** Made on the first match (the server's); the browser's router compiles its own table. */
let compiled: CompiledPage[] | undefined;
function compiledPages(): CompiledPage[] {
  compiled ??= (Object.entries(PAGE_PATHS) as [PageName, string][])
    .map(([name, pattern]) => compile(name, pattern))
    .sort((a, b) => b.score - a.score);
  return compiled;
}

/**
 * The page `pathname` opens (case-insensitive, trailing slashes ignored, as the web router
 * matches), or null when the web app has no such page and draws its not-found page.
 */
export function matchPage(pathname: string): PageMatch | null {
  const path = pathname.split('/').map(decodePathSegment).join('/');
  for (const page of compiledPages()) {
    const params = matchPathPattern(page, path);
    if (params) return { name: page.name, params };
  }
  return null;
}
