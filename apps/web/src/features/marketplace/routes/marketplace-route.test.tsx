import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { guestSession } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { MarketplaceRoute } from './marketplace-route';

describe('marketplace page', () => {
  it('introduces the marketplace and invites a member to list the first gear', async () => {
    renderRoute(<MarketplaceRoute />, { path: '/marketplace' });

    expect(screen.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeInTheDocument();
    expect(screen.getByText('Rods, reels, combos and tackle from anglers near you.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No gear listed yet' })).toBeInTheDocument();
    expect(screen.getByText(/The first listings will appear here/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'List My Gear' })).toHaveAttribute(
      'href',
      '/marketplace/new',
    );
    await waitFor(() => expect(document.title).toBe('Marketplace · Castline'));
  });

  it('sends a guest to sign in first, and on to the listing form afterwards', async () => {
    const { user, router } = renderRoute(<MarketplaceRoute />, {
      path: '/marketplace',
      session: guestSession,
    });

    const signIn = await screen.findByRole('link', { name: 'Sign in to list gear' });
    expect(signIn).toHaveAttribute('href', '/auth/login');
    expect(screen.queryByRole('link', { name: 'List My Gear' })).not.toBeInTheDocument();

    await user.click(signIn);
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.state).toEqual({ from: '/marketplace/new' });
  });
});
