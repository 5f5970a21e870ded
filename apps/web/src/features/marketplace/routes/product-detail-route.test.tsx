import { SHELL_MESSAGES } from '@castline/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { heldAnswer, renderRoute } from '../../../test/render-route';
import { closeTargetFor, ProductDetailRoute } from './product-detail-route';

const notFound = apiError(404, 'NOT_FOUND', 'Not found');

describe('closeTargetFor', () => {
  it('goes to the marketplace unless the listing was opened from a profile', () => {
    expect(closeTargetFor(undefined)).toBe('/marketplace');
    expect(closeTargetFor(null)).toBe('/marketplace');
    expect(closeTargetFor('from-profile')).toBe('/marketplace');
    expect(closeTargetFor({})).toBe('/marketplace');
    expect(closeTargetFor({ from: '/forum' })).toBe('/marketplace');
    expect(closeTargetFor({ fromProfile: 'yes' })).toBe('/marketplace');
  });

  it('goes back to the profile it was opened from', () => {
    expect(closeTargetFor({ fromProfile: true })).toBe('/profile');
    expect(closeTargetFor({ from: '/profile/u_2' })).toBe('/profile/u_2');
    expect(closeTargetFor({ from: { pathname: '/profile', search: '?tab=offers-made' } })).toBe(
      '/profile?tab=offers-made',
    );
    expect(closeTargetFor({ fromProfile: true, previousPath: '/profile/u_3?tab=listings' })).toBe(
      '/profile/u_3?tab=listings',
    );
    expect(closeTargetFor({ fromProfile: true, from: '/dashboard' })).toBe('/dashboard');
  });

  it('never leaves the app', () => {
    expect(closeTargetFor({ fromProfile: true, from: '//evil.example' })).toBe('/profile');
    expect(closeTargetFor({ fromProfile: true, previousPath: 'https://evil.example' })).toBe('/profile');
  });
});

describe('product detail page', () => {
  it('shows a skeleton while the listing loads, then the listing', async () => {
    const held = heldAnswer({ body: { id: 'l_1', title: 'Shimano Stradic 2500' } });
    renderRoute(<ProductDetailRoute />, {
      path: '/marketplace/:id',
      initialEntry: '/marketplace/l_1',
      server: {
        'GET /api/listings/l_1': held.route,
      },
    });

    expect(await screen.findByRole('status', { name: 'Loading listing' })).toBeInTheDocument();
    held.release();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Shimano Stradic 2500' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading listing' })).not.toBeInTheDocument();
  });

  it("says 'Product not found' and closes to the marketplace", async () => {
    const { user } = renderRoute(<ProductDetailRoute />, {
      path: '/marketplace/:id',
      initialEntry: '/marketplace/missing',
      server: { 'GET /api/listings/missing': notFound },
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: SHELL_MESSAGES.productNotFound }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Product not found · Castline'));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/marketplace');
  });

  it('closes back to the profile it was opened from', async () => {
    const { user, router } = renderRoute(<ProductDetailRoute />, {
      path: '/product/:id',
      initialEntry: {
        pathname: '/product/missing',
        state: { fromProfile: true, previousPath: '/profile/u_2' },
      },
      server: { 'GET /api/listings/missing': notFound },
    });

    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/u_2'));
  });

  it('shows any other failure with a way to try again', async () => {
    renderRoute(<ProductDetailRoute />, {
      path: '/marketplace/:id',
      initialEntry: '/marketplace/l_1',
      server: {
        'GET /api/listings/l_1': apiError(503, 'SERVICE_UNAVAILABLE', 'Service temporarily unavailable.'),
      },
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SHELL_MESSAGES.failedToLoadProduct);
    expect(alert).toHaveTextContent('Service temporarily unavailable.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
