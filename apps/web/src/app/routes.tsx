import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { RouteErrorBoundary } from './error-fallback';
import { AuthLayout } from './layouts/auth-layout';
import { RootLayout, RootLoading } from './layouts/root-layout';
import { GuestOnlyRoute } from './route-guards';

/** Every page of the app; each page module is its own chunk, loaded when first visited. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: RootLoading,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('../features/home/routes/home-route')).HomeRoute }),
      },
      {
        Component: GuestOnlyRoute,
        children: [
          {
            Component: AuthLayout,
            children: [
              {
                path: 'auth/login',
                lazy: async () => ({
                  Component: (await import('../features/auth/routes/auth-route')).SignInRoute,
                }),
              },
              {
                path: 'auth/signup',
                lazy: async () => ({
                  Component: (await import('../features/auth/routes/auth-route')).SignUpRoute,
                }),
              },
              {
                path: 'login',
                lazy: async () => ({
                  Component: (await import('../features/auth/routes/auth-route')).SignInRoute,
                }),
              },
              {
                path: 'verify-email',
                lazy: async () => ({
                  Component: (await import('../features/auth/routes/verify-email-route')).VerifyEmailRoute,
                }),
              },
            ],
          },
        ],
      },
      {
        // Reachable signed in or not: a reset link may be opened in any browser.
        Component: AuthLayout,
        children: [
          {
            path: 'reset-password',
            lazy: async () => ({
              Component: (await import('../features/auth/routes/reset-password-route')).ResetPasswordRoute,
            }),
          },
        ],
      },
      { path: 'auth', element: <Navigate to="/auth/login" replace /> },
      { path: 'signup', element: <Navigate to="/auth/login" replace /> },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found-route')).NotFoundRoute }),
      },
    ],
  },
];
