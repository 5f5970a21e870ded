import type { ListingBody } from '@castline/shared';
import { LISTING_MESSAGES, LISTING_POLICY_MESSAGES, OTHER_BRAND, SHELL_MESSAGES } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { member, memberSession } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { installFakeImageDecoding, installFakeXhr } from '../../listings/lib/testing/browser-doubles';
import { buildListingDto } from '../../listings/lib/testing/listing-fixture';
import { EditListingRoute } from './edit-listing-route';
import { CreateListingRoute } from './listing-editor-route';

const LISTING_ID = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const EDIT_PATH = `/marketplace/${LISTING_ID}/edit`;
const LISTING_API = `/api/listings/${LISTING_ID}`;

beforeEach(() => {
  installFakeXhr();
  installFakeImageDecoding();
});

describe('create listing page', () => {
  it('shows the empty listing form with photo tips', async () => {
    renderRoute(<CreateListingRoute />, { path: '/marketplace/new' });

    expect(screen.getByRole('heading', { level: 1, name: 'Create New Listing' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'New listing' });
    expect(within(form).getByRole('textbox', { name: 'Title' })).toHaveValue('');
    expect(within(form).getByRole('region', { name: 'Photos' })).toBeInTheDocument();
    expect(within(form).getByRole('region', { name: 'Location' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Create Listing' })).toBeEnabled();
    expect(screen.getByRole('region', { name: 'Photo tips' })).toHaveTextContent('up to 10 MB per photo');
    await waitFor(() => expect(document.title).toBe('Create New Listing · Castline'));
  });
});

describe('edit listing page', () => {
  it("prefills the form, maps unlisted brands to 'Other', saves and goes to the profile", async () => {
    const listing = buildListingDto({
      category: 'combo',
      rod_brand: 'Lamiglas',
      reel_brand: 'Penn',
      reel_type: 'conventional',
      reel_gear_ratio: 'star-drag',
    });
    let body: ListingBody | undefined;
    const { user, server } = renderRoute(<EditListingRoute />, {
      path: '/marketplace/:id/edit',
      initialEntry: EDIT_PATH,
      server: {
        [`GET ${LISTING_API}`]: { body: listing },
        [`PUT ${LISTING_API}`]: (request) => {
          body = request.body as ListingBody;
          return { body: { ...listing, title: 'St. Croix Avid (price drop)' } };
        },
      },
    });

    const form = await screen.findByRole('form', { name: 'Edit listing' });
    expect(screen.getByText('“St. Croix Avid 7ft spinning rod”')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Title' })).toHaveValue(listing.title);
    expect(within(form).getByRole('spinbutton', { name: 'Price (USD)' })).toHaveValue(120);
    expect(within(form).getByRole('combobox', { name: 'Condition' })).toHaveValue('like new');
    expect(within(form).getByRole('checkbox', { name: 'Freshwater' })).toBeChecked();
    expect(within(form).getByRole('combobox', { name: 'Location' })).toHaveValue('Portland, OR, USA');
    expect(within(form).getByRole('combobox', { name: 'Rod brand' })).toHaveValue(OTHER_BRAND);
    expect(within(form).getByRole('textbox', { name: 'Other rod brand' })).toHaveValue('Lamiglas');
    expect(within(form).getByRole('spinbutton', { name: 'Feet' })).toHaveValue(7);
    expect(within(form).getByRole('combobox', { name: 'Reel brand' })).toHaveValue('Penn');
    expect(within(form).getByRole('combobox', { name: 'Drag System' })).toHaveValue('star-drag');
    expect(within(form).getByRole('img', { name: 'Photo 1 (main photo)' })).toBeInTheDocument();
    expect(within(form).getByRole('img', { name: 'Photo 2' })).toBeInTheDocument();

    const price = within(form).getByRole('spinbutton', { name: 'Price (USD)' });
    await user.clear(price);
    await user.type(price, '99');
    await user.click(within(form).getByRole('button', { name: 'Set as main, photo 2' }));
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(LISTING_MESSAGES.updated)).toBeInTheDocument();
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/profile');
    expect(server.calls('PUT', LISTING_API)).toHaveLength(1);
    expect(body).toMatchObject({
      price: 99,
      rod_brand: 'Lamiglas',
      reel_brand: 'Penn',
      images: [listing.images[1], listing.images[0]],
    });
    expect(body).not.toHaveProperty('mainImageIndex');
  });

  it("shows the server's message when saving fails, or 'Failed to update listing'", async () => {
    const listing = buildListingDto();
    let attempts = 0;
    const { user } = renderRoute(<EditListingRoute />, {
      path: '/marketplace/:id/edit',
      initialEntry: EDIT_PATH,
      server: {
        [`GET ${LISTING_API}`]: { body: listing },
        [`PUT ${LISTING_API}`]: () =>
          attempts++ === 0
            ? apiError(403, 'FORBIDDEN', LISTING_MESSAGES.notYourListing)
            : { networkError: true },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(LISTING_MESSAGES.notYourListing)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(LISTING_MESSAGES.updateFailed)).toBeInTheDocument();
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
  });

  it("shows a 403 panel instead of the form for someone else's listing", async () => {
    renderRoute(<EditListingRoute />, {
      path: '/marketplace/:id/edit',
      initialEntry: EDIT_PATH,
      server: { [`GET ${LISTING_API}`]: { body: buildListingDto({ seller_id: 'u_someone_else' }) } },
    });

    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('This is not your listing');
    expect(panel).toHaveTextContent(LISTING_MESSAGES.notYourListing);
    expect(within(panel).getByRole('link', { name: 'View the listing' })).toHaveAttribute(
      'href',
      `/marketplace/${LISTING_ID}`,
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('tells a suspended seller why their listing cannot be edited', async () => {
    renderRoute(<EditListingRoute />, {
      path: '/marketplace/:id/edit',
      initialEntry: EDIT_PATH,
      session: { ...memberSession, user: { ...member, status: 'banned' } },
      server: { [`GET ${LISTING_API}`]: { body: buildListingDto({ seller_id: member.id }) } },
    });

    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('Your account is suspended');
    expect(panel).toHaveTextContent(LISTING_POLICY_MESSAGES.banned);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('lets a moderator edit any listing', async () => {
    renderRoute(<EditListingRoute />, {
      path: '/marketplace/:id/edit',
      initialEntry: EDIT_PATH,
      session: {
        ...memberSession,
        user: {
          ...member,
          id: 'u_mod',
          role: 'moderator',
          is_admin: true,
          permissions: ['content.moderate'],
        },
      },
      server: { [`GET ${LISTING_API}`]: { body: buildListingDto({ seller_id: 'u_seller' }) } },
    });
    expect(await screen.findByRole('form', { name: 'Edit listing' })).toBeInTheDocument();
  });

  it("says 'Product not found', toasts once and goes back to the profile", async () => {
    const { user } = renderRoute(<EditListingRoute />, {
      path: '/marketplace/:id/edit',
      initialEntry: '/marketplace/l_404/edit',
      server: { 'GET /api/listings/l_404': apiError(404, 'NOT_FOUND', 'Product not found') },
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Edit Listing' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(SHELL_MESSAGES.productNotFound);
    expect(await screen.findByText(SHELL_MESSAGES.failedToLoadProduct)).toBeInTheDocument();
    expect(screen.getAllByText(SHELL_MESSAGES.failedToLoadProduct)).toHaveLength(1);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/profile');
  });

  it('shows the error message of any other failure', async () => {
    renderRoute(<EditListingRoute />, {
      path: '/marketplace/:id/edit',
      initialEntry: EDIT_PATH,
      server: {
        [`GET ${LISTING_API}`]: apiError(500, 'INTERNAL', 'An unexpected error occurred. Please try again.'),
      },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An unexpected error occurred. Please try again.',
    );
    expect(await screen.findByText(SHELL_MESSAGES.failedToLoadProduct)).toBeInTheDocument();
  });

  it('asks for a product id when there is none', async () => {
    const { server } = renderRoute(<EditListingRoute />, { path: '/marketplace/edit' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Missing product ID for edit');
    expect(server.calls('GET', '/api/listings/')).toHaveLength(0);
  });
});
