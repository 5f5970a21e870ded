import type { AdminPermission } from '@castline/shared';
import type { ComponentType } from 'react';
import type * as AdminArea from './areas/admin';
import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { loadChunk } from './chunk-errors';
import { RouteErrorBoundary } from './error-fallback';
import { AuthLayout } from './layouts/auth-layout';
import { RootLayout, RootLoading } from './layouts/root-layout';
import { GuestOnlyRoute, RequireAdmin, RequireAuth, RequireCaptain } from './route-guards';

/*
 * The route table of spec 000 §2. Pages are grouped by area (app/areas/*): each area is one chunk,
 * loaded when one of its pages is first visited. Areas are kept small enough that a page's first
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
const home = () => import('./areas/home');
const marketplace = () => import('./areas/marketplace');
const listing = () => import('./areas/listing');
const listingEditor = () => import('./areas/listing-editor');
const community = () => import('./areas/community');
const forumPost = () => import('./areas/forum-post');
const profile = () => import('./areas/profile');
const inbox = () => import('./areas/inbox');
const admin = () => import('./areas/admin');
const captains = () => import('./areas/captains');
const info = () => import('./areas/info');

/** An admin page that also needs `permissions` (the same ones its API checks): 'Access Denied' otherwise. */
function adminPage(
  path: string,
  name: keyof typeof AdminArea & string,
  permissions: readonly AdminPermission[],
): RouteObject[] {
  return [
    { element: <RequireAdmin permissions={permissions} />, children: [{ path, ...page(admin, name) }] },
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
          { path: 'marketplace', ...page(marketplace, 'MarketplaceRoute') },
          { path: 'marketplace/:id', ...page(listing, 'ProductDetailRoute') },
          { path: 'product/:id', ...page(listing, 'ProductDetailRoute') },
          { path: 'forum', ...page(community, 'ForumRoute') },
          { path: 'forum/post/:postId', ...page(forumPost, 'ForumPostRoute') },
          { path: 'early-access-info', ...page(info, 'EarlyAccessRoute') },
          { path: 'error-test', ...page(info, 'ErrorTestRoute') },
          { path: 'dev/icons', ...page(info, 'IconsRoute') },

          // Guest-only pages.
          {
            Component: GuestOnlyRoute,
            children: [
              {
                Component: AuthLayout,
                children: [
                  { path: 'auth/login', ...page(account, 'SignInRoute') },
                  { path: 'auth/signup', ...page(account, 'SignUpRoute') },
                  { path: 'login', ...page(account, 'SignInRoute') },
                  { path: 'verify-email', ...page(account, 'VerifyEmailRoute') },
                ],
              },
            ],
          },
          {
            // Reachable signed in or not: a reset link may be opened in any browser.
            Component: AuthLayout,
            children: [
              { path: 'reset-password', ...page(account, 'ResetPasswordRoute') },
              { path: 'reset-password/*', ...page(account, 'ResetPasswordRoute') },
            ],
          },
          { path: 'auth', element: <Navigate to="/auth/login" replace /> },
          { path: 'signup', element: <Navigate to="/auth/login" replace /> },

          // Member pages.
          {
            Component: RequireAuth,
            children: [
              { path: 'dashboard', ...page(home, 'DashboardRoute') },
              { path: 'marketplace/new', ...page(listingEditor, 'CreateListingRoute') },
              { path: 'marketplace/:id/edit', ...page(listingEditor, 'EditListingRoute') },
              { path: 'profile', ...page(profile, 'ProfileRoute') },
              { path: 'profile/:userId', ...page(profile, 'ProfileRoute') },
              { path: 'settings', ...page(account, 'SettingsRoute') },
              { path: 'settings/confirm-email', ...page(account, 'ConfirmEmailRoute') },
              { path: 'messages', ...page(inbox, 'MessagesRoute') },
              { path: 'messages/:userId', ...page(inbox, 'MessagesRoute') },
              { path: 'notifications', ...page(inbox, 'NotificationsRoute') },
            ],
          },

          // Admin pages: any admin, plus per-page permissions, inside the admin frame.
          {
            element: <RequireAdmin />,
            children: [
              {
                ...page(admin, 'AdminLayout'),
                children: [
                  { path: 'admin', ...page(admin, 'AdminDashboardRoute') },
                  ...adminPage('admin/users', 'AdminUsersRoute', ['users.read']),
                  ...adminPage('admin/users/:id', 'AdminUserRoute', ['users.read']),
                  ...adminPage('admin/roles', 'AdminRolesRoute', ['users.read']),
                  ...adminPage('admin/sessions', 'AdminSessionsRoute', ['sessions.manage']),
                  ...adminPage('admin/settings', 'AdminSettingsRoute', ['settings.manage']),
                  ...adminPage('admin/audit-logs', 'AuditLogsRoute', ['audit.read']),
                  ...adminPage('admin/moderation', 'ModerationQueueRoute', ['content.moderate']),
                  ...adminPage('admin/moderation/listings', 'ListingApprovalRoute', ['listings.manage']),
                  ...adminPage('admin/moderation/rules', 'ModerationRulesRoute', ['moderation.rules']),
                  ...adminPage('admin/moderation/logs', 'ModerationLogsRoute', ['content.moderate']),
                  ...adminPage('admin/forum', 'ForumAdminRoute', ['forum.manage']),
                  ...adminPage('admin/monitoring', 'MonitoringAdminRoute', ['analytics.read']),
                  ...adminPage('admin/image-performance', 'ImagePerformanceRoute', ['analytics.read']),
                ],
              },
            ],
          },

          // Captains only.
          {
            Component: RequireCaptain,
            children: [{ path: 'captains-club', ...page(captains, 'CaptainsClubRoute') }],
          },

          { path: '*', ...page(info, 'NotFoundRoute') },
        ],
      },
    ],
  },
];
