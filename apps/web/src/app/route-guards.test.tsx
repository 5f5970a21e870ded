import type { CurrentUserDto } from '@castline/shared';
import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from '../lib/router';
import { Outlet } from '../lib/router';
import { describe, expect, it } from 'vitest';
import { mockServer } from '../test/fetch-mock';
import { guestSession, member, memberSession } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { GuestOnlyRoute, RequireAdmin, RequireAuth, RequireCaptain } from './route-guards';

const welcome = { name: `Good to see you, ${member.username}` };

describe('guest-only pages', () => {
  it.each(['/auth/login', '/auth/signup', '/login', '/verify-email'])(
    'send a signed-in member from %s to the start page',
    async (path) => {
      mockServer({
        'GET /api/auth/session': { body: memberSession },
        'GET /api/auth/sessions': { body: { items: [], total: 0 } },
      });
      const { router } = renderApp(path);

      expect(await screen.findByRole('heading', welcome)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
      expect(screen.queryByRole('heading', { name: 'Welcome Back' })).not.toBeInTheDocument();
    },
  );

  it('send a signed-in member back where they came from', async () => {
    mockServer({ 'GET /api/auth/session': { body: memberSession } });
    const { router } = renderApp({
      pathname: '/auth/login',
      state: { from: { pathname: '/reset-password' } },
    });

    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it('show a spinner, and not the page, while the session loads', async () => {
    let answer: () => void = () => {};
    const pending = new Promise<void>((resolve) => {
      answer = resolve;
    });
    mockServer({
      'GET /api/auth/session': async () => {
        await pending;
        return { body: guestSession };
      },
    });
    const { router } = renderApp('/auth/login');

    // Once the page's code has loaded, only the unanswered session keeps the page back.
    await waitFor(() => expect(router.state.initialized).toBe(true));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Welcome Back' })).not.toBeInTheDocument();

    answer();
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });
});

describe('member-only pages', () => {
  const routes: RouteObject[] = [
    {
      path: '/',
      Component: Outlet,
      children: [
        { Component: RequireAuth, children: [{ path: 'account', element: <h1>Account</h1> }] },
        { Component: GuestOnlyRoute, children: [{ path: 'auth/login', element: <h1>Sign-in page</h1> }] },
      ],
    },
  ];

  it('send a guest to sign in, remembering the page', async () => {
    mockServer({ 'GET /api/auth/session': { body: guestSession } });
    const { router } = renderApp('/account', { routes });

    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/account' } });
  });

  it('show the page to a member', async () => {
    mockServer({ 'GET /api/auth/session': { body: memberSession } });
    renderApp('/account', { routes });

    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
  });
});

describe('admin and captain pages', () => {
  const routes: RouteObject[] = [
    {
      path: '/',
      Component: Outlet,
      children: [
        { index: true, element: <h1>Home page</h1> },
        { path: 'marketplace', element: <h1>Marketplace page</h1> },
        { path: 'auth/login', element: <h1>Sign-in page</h1> },
        { element: <RequireAdmin />, children: [{ path: 'admin', element: <h1>Admin page</h1> }] },
        {
          element: <RequireAdmin permissions={['analytics.read']} />,
          children: [{ path: 'admin/stats', element: <h1>Stats page</h1> }],
        },
        { Component: RequireCaptain, children: [{ path: 'captains-club', element: <h1>Club page</h1> }] },
      ],
    },
  ];
  const sessionOf = (user: Partial<CurrentUserDto>) => ({
    body: { ...memberSession, user: { ...member, ...user } },
  });

  it.each([
    ['a guest', { body: guestSession }, '/admin', 'Sign-in page'],
    ['a member', sessionOf({}), '/admin', 'Home page'],
    [
      'an admin',
      sessionOf({ is_admin: true, role: 'admin', permissions: ['users.read', 'analytics.read'] }),
      '/admin',
      'Admin page',
    ],
    [
      'an admin with the permission',
      sessionOf({ is_admin: true, role: 'support', permissions: ['analytics.read'] }),
      '/admin/stats',
      'Stats page',
    ],
    ['a guest', { body: guestSession }, '/captains-club', 'Sign-in page'],
    ['a non-captain', sessionOf({ is_captain: false }), '/captains-club', 'Marketplace page'],
    ['a captain', sessionOf({ is_captain: true }), '/captains-club', 'Club page'],
  ])('take %s at %s to the right page', async (_who, session, path, heading) => {
    mockServer({ 'GET /api/auth/session': session });
    renderApp(path, { routes });
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it("show 'Access Denied' to an admin missing a required permission", async () => {
    mockServer({
      'GET /api/auth/session': sessionOf({ is_admin: true, role: 'moderator', permissions: ['users.read'] }),
    });
    renderApp('/admin/stats', { routes });

    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(
      screen.getByText("You don't have the required permissions to access this page."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Stats page' })).not.toBeInTheDocument();
  });
});
