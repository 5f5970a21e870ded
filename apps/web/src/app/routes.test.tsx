import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockServer } from '../test/fetch-mock';
import { buildOrder, orderPage, ORDER_ID } from '../features/orders/api/order-fixtures';
import { guestSession, memberSession } from '../test/fixtures';
import { renderApp } from '../test/render-app';

describe('app routes', () => {
  it('sends /signup to the sign-in page', async () => {
    mockServer({ 'GET /api/auth/session': { body: guestSession } });
    const { router } = renderApp('/signup');

    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('opens the new-password form for a recovery link in the address hash', async () => {
    mockServer({ 'GET /api/auth/session': { body: guestSession } });
    const { router } = renderApp({ pathname: '/', hash: '#access_token=abc123&type=recovery' });

    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(router.state.location.search).toBe('?token=abc123');
  });

  it('opens the new-password form for a token on an /auth page', async () => {
    mockServer({ 'GET /api/auth/session': { body: guestSession } });
    const { router } = renderApp('/auth/login?token=xyz');

    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?token=xyz');
  });

  it('shows a friendly not-found page with a link home', async () => {
    mockServer({ 'GET /api/auth/session': { body: guestSession } });
    renderApp('/no/such/place');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it.each(['/orders', `/orders/${ORDER_ID}`])('sends a guest from %s to sign in', async (path) => {
    mockServer({ 'GET /api/auth/session': { body: guestSession } });
    const { router } = renderApp(path);

    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it("opens a member's orders and an order's page", async () => {
    mockServer({
      'GET /api/auth/session': { body: memberSession },
      'GET /api/me/orders': { body: orderPage([buildOrder()]) },
      [`GET /api/orders/${ORDER_ID}`]: { body: buildOrder() },
    });
    const { user } = renderApp('/orders');

    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: 'Shimano Stradic FL 2500' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Shimano Stradic FL 2500' }),
    ).toBeInTheDocument();
  });
});
