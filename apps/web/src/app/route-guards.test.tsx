import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockServer } from '../test/fetch-mock';
import { guestSession, member, memberSession } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { GuestOnlyRoute, RequireAuth } from './route-guards';

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
