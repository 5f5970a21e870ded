import { routePath, type AdminPermission, type PageName } from '@castline/shared';
import type { ComponentType } from 'react';
import type * as AdminArea from './areas/admin';
import type { RouteObject } from '../lib/router';
import { Navigate } from '../lib/router';
import { loadChunk } from './chunk-errors';
import { RouteErrorBoundary } from './error-fallback';
import { RootLayout, RootLoading } from './layouts/root-layout';
import { GuestOnlyRoute, RequireAdmin, RequireAuth, RequireCaptain } from './route-guards';

/*
 * The route table of spec 000 §2, its paths from the shared page list (PAGE_PATHS in
 * packages/shared/src/common/page-paths.ts; the server answers 404 for any other path). Pages are
 * grouped by area (app/areas/*): each area is one chunk, loaded when one of its pages is first
 * visited. Areas are kept small enough that a page's first
 * load carries no other page's libraries (scripts/bundle-size.mjs holds each to its budget). A chunk that fails to load shows 'Loading Error'.
 */

type Area = Record<string, unknown>;

/** A lazily loaded page: `page(() => import('./areas/x'), 'XRoute')`. */
function page<A extends Area>(importer: () => Promise<A>, name: keyof A & string): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const area = await loadChunk(importer);
      return { Component: area[name] as ComponentType };
    },
  };
}

const account = () => import('./areas/account');
/** Signing in and up, verifying an email, resetting a password: a visitor's pages, apart from the settings. */
const auth = () => import('./areas/auth');
const home = () => import('./areas/home');
/** A member's listings and activity (/dashboard), apart from the home page every visitor opens. */
const dashboard = () => import('./areas/dashboard');
const marketplace = () => import('./areas/marketplace');
const listing = () => import('./areas/listing');
/** A new listing's form. */
const listingEditor = () => import('./areas/listing-editor');
/** Editing a listing: the same form, after the listing and the right to edit it. */
const listingEdit = () => import('./areas/listing-edit');
const community = () => import('./areas/community');
const forumPost = () => import('./areas/forum-post');
const profile = () => import('./areas/profile');
/** Messages: the conversations and one conversation. */
const inbox = () => import('./areas/inbox');
/** The notifications page (the header's menu is part of every page). */
const notifications = () => import('./areas/notifications');
const orders = () => import('./areas/orders');
/**
 * Administration: the admin frame (section navigation) is an area of its own, and the pages are
 * in areas by section, so that a staff page loads neither another section's code nor its
 * libraries. A page's area is loaded through the frame's (app/areas/admin.ts), which holds the
 * sections' preload lists: the entry every visitor loads names the frame's area alone (seven
 * areas with their lists were 0.4 KB more on every page), for one more round trip on the first
 * admin page a staff member opens.
 */
const admin = () => import('./areas/admin');
const captains = () => import('./areas/captains');
const tags = () => import('./areas/tags');
const info = () => import('./areas/info');
/** The developers' icon sheet (every icon of the app, so a page of its own). */
const dev = () => import('./areas/dev');
/** The error test: monitoring's page for throwing and reporting test errors. */
const errorTest = () => import('./areas/error-test');

type AdminPageAreas = (typeof AdminArea)['adminPageAreas'];
/** An admin page, exported by the area app/areas/admin.ts names for it. */
type AdminPageName = {
  [N in keyof AdminPageAreas]: N extends keyof Awaited<ReturnType<AdminPageAreas[N]>> ? N : never;
}[keyof AdminPageAreas];

/** An admin page, loaded from its section's area once the admin frame's area is in. */
function adminPageLazy(name: AdminPageName): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const frame = await loadChunk(admin);
      const load: () => Promise<object> = frame.adminPageAreas[name];
      const area = (await loadChunk(load)) as Record<string, unknown>;
      return { Component: area[name] as ComponentType };
    },
  };
}

/** An admin page that also needs `permissions` (the same ones its API checks): 'Access Denied' otherwise. */
function adminPage(
  path: PageName,
  name: AdminPageName,
  permissions: readonly AdminPermission[],
): RouteObject[] {
  return [
    {
      element: <RequireAdmin permissions={permissions} />,
      children: [{ path: routePath(path), ...adminPageLazy(name) }],
    },
  ];
}

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: RootLoading,
    children: [
      {
        // Failures of a page render inside the frame, so the header stays usable.
        ErrorBoundary: RouteErrorBoundary,
        children: [
          // Public pages.
          { index: true, ...page(home, 'HomeRoute') },
          { path: routePath('marketplace'), ...page(marketplace, 'MarketplaceRoute') },
          { path: routePath('listing'), ...page(listing, 'ListingDetailRoute') },
          { path: routePath('product'), ...page(listing, 'ListingDetailRoute') },
          { path: routePath('forum'), ...page(community, 'ForumRoute') },
          { path: routePath('forumPost'), ...page(forumPost, 'ForumPostRoute') },
          { path: routePath('tags'), ...page(tags, 'TagsIndexRoute') },
          { path: routePath('tag'), ...page(tags, 'TagRoute') },
          { path: routePath('earlyAccess'), ...page(info, 'EarlyAccessRoute') },
          { path: routePath('errorTest'), ...page(errorTest, 'ErrorTestRoute') },
          { path: routePath('icons'), ...page(dev, 'IconsRoute') },

          // Guest-only pages.
          {
            Component: GuestOnlyRoute,
            children: [
              {
                ...page(auth, 'AuthLayout'),
                children: [
                  { path: routePath('signIn'), ...page(auth, 'SignInRoute') },
                  { path: routePath('signUp'), ...page(auth, 'SignUpRoute') },
                  { path: routePath('login'), ...page(auth, 'SignInRoute') },
                  { path: routePath('verifyEmail'), ...page(auth, 'VerifyEmailRoute') },
                ],
              },
            ],
          },
          {
            // Reachable signed in or not: a reset link may be opened in any browser.
            ...page(auth, 'AuthLayout'),
            children: [
              { path: routePath('resetPassword'), ...page(auth, 'ResetPasswordRoute') },
              { path: routePath('resetPasswordLink'), ...page(auth, 'ResetPasswordRoute') },
            ],
          },
          { path: routePath('auth'), element: <Navigate to="/auth/login" replace /> },
          { path: routePath('signup'), element: <Navigate to="/auth/login" replace /> },

          // Member pages.
          {
            Component: RequireAuth,
            children: [
              { path: routePath('dashboard'), ...page(dashboard, 'DashboardRoute') },
              { path: routePath('newListing'), ...page(listingEditor, 'CreateListingRoute') },
              { path: routePath('editListing'), ...page(listingEdit, 'EditListingRoute') },
              { path: routePath('profile'), ...page(profile, 'ProfileRoute') },
              { path: routePath('memberProfile'), ...page(profile, 'ProfileRoute') },
              { path: routePath('settings'), ...page(account, 'SettingsRoute') },
              { path: routePath('confirmEmail'), ...page(account, 'ConfirmEmailRoute') },
              { path: routePath('messages'), ...page(inbox, 'MessagesRoute') },
              { path: routePath('conversation'), ...page(inbox, 'MessagesRoute') },
              { path: routePath('notifications'), ...page(notifications, 'NotificationsRoute') },
              { path: routePath('orders'), ...page(orders, 'OrdersRoute') },
              { path: routePath('order'), ...page(orders, 'OrderRoute') },
            ],
          },

          // Admin pages: any admin, plus per-page permissions, inside the admin frame.
          {
            element: <RequireAdmin />,
            children: [
              {
                ...page(admin, 'AdminLayout'),
                children: [
                  { path: routePath('admin'), ...adminPageLazy('AdminDashboardRoute') },
                  ...adminPage('adminUsers', 'AdminUsersRoute', ['users.read']),
                  ...adminPage('adminUser', 'AdminUserRoute', ['users.read']),
                  ...adminPage('adminRoles', 'AdminRolesRoute', ['users.read']),
                  ...adminPage('adminSessions', 'AdminSessionsRoute', ['sessions.manage']),
                  ...adminPage('adminSettings', 'AdminSettingsRoute', ['settings.manage']),
                  ...adminPage('auditLogs', 'AuditLogsRoute', ['audit.read']),
                  ...adminPage('moderationQueue', 'ModerationQueueRoute', ['content.moderate']),
                  ...adminPage('listingApproval', 'ListingApprovalRoute', ['listings.manage']),
                  ...adminPage('moderationRules', 'ModerationRulesRoute', ['moderation.rules']),
                  ...adminPage('moderationLogs', 'ModerationLogsRoute', ['content.moderate']),
                  ...adminPage('forumAdmin', 'ForumAdminRoute', ['forum.manage']),
                  ...adminPage('monitoring', 'MonitoringAdminRoute', ['analytics.read']),
                  ...adminPage('imagePerformance', 'ImagePerformanceRoute', ['analytics.read']),
                ],
              },
            ],
          },

          // Captains only.
          {
            Component: RequireCaptain,
            children: [{ path: routePath('captainsClub'), ...page(captains, 'CaptainsClubRoute') }],
          },

          { path: '*', ...page(info, 'NotFoundRoute') },
        ],
      },
    ],
  },
];
