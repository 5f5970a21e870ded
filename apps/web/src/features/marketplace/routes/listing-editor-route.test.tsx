import { SHELL_MESSAGES } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { renderRoute } from '../../../test/render-route';
import { CreateListingRoute, EditListingRoute } from './listing-editor-route';

describe('create listing page', () => {
  it('walks through the four steps of listing gear, with photo tips', async () => {
    renderRoute(<CreateListingRoute />, { path: '/marketplace/new' });

    expect(screen.getByRole('heading', { level: 1, name: 'Create New Listing' })).toBeInTheDocument();
    const steps = within(screen.getByRole('region', { name: 'Listing your gear in four steps' }));
    const items = steps.getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Details',
      'Photos',
      'Location',
      'Review',
    ]);
    const tips = screen.getByRole('region', { name: 'Photo tips' });
    expect(tips).toHaveTextContent('JPEG, PNG or WebP, up to 10 MB per photo');
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    await waitFor(() => expect(document.title).toBe('Create New Listing · Castline'));
  });
});

describe('edit listing page', () => {
  it("says 'Product not found', toasts once and goes back to the profile", async () => {
    const { user } = renderRoute(<EditListingRoute />, {
      path: '/marketplace/:id/edit',
      initialEntry: '/marketplace/l_404/edit',
      server: { 'GET /api/listings/l_404': apiError(404, 'NOT_FOUND', 'Not found') },
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Edit Listing' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(SHELL_MESSAGES.productNotFound);
    expect(await screen.findByText(SHELL_MESSAGES.failedToLoadProduct)).toBeInTheDocument();
    expect(screen.getAllByText(SHELL_MESSAGES.failedToLoadProduct)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/profile');
  });

  it('shows the error message of any other failure', async () => {
    renderRoute(<EditListingRoute />, {
      path: '/marketplace/:id/edit',
      initialEntry: '/marketplace/l_1/edit',
      server: {
        'GET /api/listings/l_1': apiError(500, 'INTERNAL', 'An unexpected error occurred. Please try again.'),
      },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An unexpected error occurred. Please try again.',
    );
    expect(await screen.findByText(SHELL_MESSAGES.failedToLoadProduct)).toBeInTheDocument();
  });

  it('names the listing being edited once it has loaded', async () => {
    renderRoute(<EditListingRoute />, {
      path: '/marketplace/:id/edit',
      initialEntry: '/marketplace/l_1/edit',
      server: { 'GET /api/listings/l_1': { body: { id: 'l_1', title: 'Penn Battle III 4000' } } },
    });

    expect(await screen.findByText('“Penn Battle III 4000”')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Listing your gear in four steps' })).toBeInTheDocument();
    expect(screen.queryByText(SHELL_MESSAGES.failedToLoadProduct)).not.toBeInTheDocument();
  });

  it('asks for a product id when there is none', async () => {
    const { server } = renderRoute(<EditListingRoute />, { path: '/marketplace/edit' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Missing product ID for edit');
    expect(server.calls('GET', '/api/listings/')).toHaveLength(0);
  });
});
