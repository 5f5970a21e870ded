import type { CurrentUserDto, ListingDto, SessionStateDto } from '@castline/shared';
import { LISTING_TERMS_MESSAGES, SHELL_MESSAGES } from '@castline/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { guestSession, member, memberSession } from '../../../test/fixtures';
import { heldAnswer, renderRoute } from '../../../test/render-route';
import { closeTargetFor, ListingDetailRoute } from './listing-detail-route';

const notFound = apiError(404, 'NOT_FOUND', 'Product not found');
const DAY = 24 * 3600 * 1000;
const threeDaysAgo = new Date(Date.now() - 3 * DAY).toISOString();

const seller = {
  id: 'u_2',
  username: 'reel_deal',
  avatar_url: null,
  seller_rating: 4.86,
  sales_count: 12,
  created_at: '2024-03-05T12:00:00.000Z',
};

/** A rod for sale by reel_deal (u_2); the signed-in member of the tests is river_runner (u_1). */
function buildListing(overrides: Partial<ListingDto> = {}): ListingDto {
  return {
    id: 'l_1',
    title: 'St. Croix Mojo Bass spinning rod',
    description: 'Fished one season.\nComes with the original rod sock.',
    price: 180,
    condition: 'like new',
    category: 'rods',
    gear_types: ['Freshwater', 'Saltwater'],
    tags: [],
    images: [
      '/files/product-images/rod-1.jpg',
      '/files/product-images/rod-2.jpg',
      '/files/product-images/rod-3.jpg',
    ],
    seller_id: seller.id,
    seller,
    location: 'Austin, TX',
    location_coordinates: { lat: 30.27, lng: -97.74 },
    brand: 'St. Croix',
    model: 'Mojo Bass MJS76MHF',
    rod_brand: 'St. Croix',
    rod_composition: 'carbon_fiber',
    rod_length_feet: 7,
    rod_length_inches: 6,
    rod_power_rating: 'Medium Heavy',
    reel_brand: null,
    reel_type: null,
    reel_gear_ratio: null,
    handover: 'pickup',
    shipping_price: null,
    ships_from: null,
    handling_days: null,
    accepts_offers: true,
    returns_accepted: false,
    return_window_days: null,
    sold: false,
    sale_pending: false,
    offer_guardrails: null,
    sold_at: null,
    buyer_id: null,
    transaction_rating: null,
    deleted: false,
    visible_in_marketplace: true,
    moderation_status: 'active',
    is_featured: false,
    likes_count: 4,
    favorites_count: 2,
    views_count: null,
    liked: false,
    favorited: false,
    distance: null,
    created_at: threeDaysAgo,
    updated_at: threeDaysAgo,
    ...overrides,
  };
}

const reel = buildListing({
  id: 'l_2',
  title: 'Penn Slammer IV 6500',
  category: 'reels',
  gear_types: ['Saltwater'],
  images: ['/files/product-images/reel.jpg'],
  condition: 'good',
  brand: 'Penn',
  model: 'Slammer IV',
  rod_brand: null,
  rod_composition: null,
  rod_length_feet: null,
  rod_length_inches: null,
  rod_power_rating: null,
  reel_brand: 'Penn',
  reel_type: 'spinning',
  reel_gear_ratio: 'star-drag',
  sold: true,
  sold_at: '2025-06-01T12:00:00.000Z',
  buyer_id: 'u_9',
});

function sessionOf(user: CurrentUserDto): SessionStateDto {
  return { user, session: { id: 'sess-1', expiresAt: '2099-01-01T00:00:00.000Z' } };
}

const moderatorSession = sessionOf({
  ...member,
  id: 'u_7',
  username: 'mod_marlin',
  role: 'moderator',
  is_admin: true,
  permissions: ['users.read', 'content.moderate'],
});

type Server = NonNullable<Parameters<typeof renderRoute>[1]>['server'];

function openListing(
  listing: ListingDto,
  { session = memberSession, server = {} }: { session?: SessionStateDto; server?: Server } = {},
) {
  return renderRoute(<ListingDetailRoute />, {
    path: '/marketplace/:id',
    initialEntry: `/marketplace/${listing.id}`,
    session,
    server: {
      [`GET /api/listings/${listing.id}`]: { body: listing },
      [`GET /api/listings/${listing.id}/similar`]: { body: { items: [] } },
      ...server,
    },
    routes: [{ path: '/auth/login', element: <p>Sign-in page</p> }],
  });
}

/** The value next to a label in the specifications. */
function specValue(label: string): string | null {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

async function loaded(title: string) {
  return screen.findByRole('heading', { level: 1, name: title });
}

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

  it('goes back to the marketplace search it was opened from, filters and all', () => {
    expect(closeTargetFor({ from: '/marketplace?category=reels&sort=price_asc' })).toBe(
      '/marketplace?category=reels&sort=price_asc',
    );
    expect(closeTargetFor({ from: '/marketplace' })).toBe('/marketplace');
    // Another listing's page is not a list to go back to.
    expect(closeTargetFor({ from: '/marketplace/l_9' })).toBe('/marketplace');
  });

  it('never leaves the app', () => {
    expect(closeTargetFor({ fromProfile: true, from: '//evil.example' })).toBe('/profile');
    expect(closeTargetFor({ fromProfile: true, previousPath: 'https://evil.example' })).toBe('/profile');
  });
});

describe('product detail page: loading and failures', () => {
  it('shows a skeleton while the listing loads, then the listing', async () => {
    const held = heldAnswer({ body: buildListing() });
    openListing(buildListing(), { server: { 'GET /api/listings/l_1': held.route } });

    expect(await screen.findByRole('status', { name: 'Loading listing' })).toBeInTheDocument();
    held.release();
    expect(await loaded('St. Croix Mojo Bass spinning rod')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading listing' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('St. Croix Mojo Bass spinning rod · Castline'));
  });

  it("says 'Product not found' and closes to the marketplace", async () => {
    const { user } = renderRoute(<ListingDetailRoute />, {
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
    const { user, router } = renderRoute(<ListingDetailRoute />, {
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

  it('closes a listing opened from the marketplace by going back, to the same place in the list', async () => {
    const { user, router } = renderRoute(<ListingDetailRoute />, {
      path: '/marketplace/:id',
      initialEntry: '/marketplace?category=rods',
      server: {
        'GET /api/listings/l_1': { body: buildListing() },
        'GET /api/listings/l_1/similar': { body: { items: [] } },
      },
    });
    await screen.findByTestId('elsewhere');
    await act(() => router.navigate('/marketplace/l_1', { state: { from: '/marketplace?category=rods' } }));

    await loaded('St. Croix Mojo Bass spinning rod');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    // A step back in the history: the router puts the list back where the member left it.
    await waitFor(() => expect(router.state.historyAction).toBe('POP'));
    expect(router.state.location.pathname).toBe('/marketplace');
    expect(router.state.location.search).toBe('?category=rods');
  });

  it('closes a listing opened straight from its address to the marketplace', async () => {
    const { user, router } = renderRoute(<ListingDetailRoute />, {
      path: '/marketplace/:id',
      initialEntry: { pathname: '/marketplace/l_1', state: { from: '/marketplace?category=rods' } },
      server: {
        'GET /api/listings/l_1': { body: buildListing() },
        'GET /api/listings/l_1/similar': { body: { items: [] } },
      },
    });

    await loaded('St. Croix Mojo Bass spinning rod');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=rods'));
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('closes a loaded listing back to the profile page it came from', async () => {
    const { user, router } = renderRoute(<ListingDetailRoute />, {
      path: '/product/:id',
      initialEntry: { pathname: '/product/l_1', state: { from: '/profile/u_2?tab=listings' } },
      server: {
        'GET /api/listings/l_1': { body: buildListing() },
        'GET /api/listings/l_1/similar': { body: { items: [] } },
      },
    });

    await loaded('St. Croix Mojo Bass spinning rod');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/u_2'));
    expect(router.state.location.search).toBe('?tab=listings');
  });

  it('shows any other failure with a way to try again', async () => {
    let down = true;
    const { user } = openListing(buildListing(), {
      server: {
        'GET /api/listings/l_1': () =>
          down
            ? apiError(503, 'SERVICE_UNAVAILABLE', 'Service temporarily unavailable.')
            : { body: buildListing() },
      },
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SHELL_MESSAGES.failedToLoadProduct);
    expect(alert).toHaveTextContent('Service temporarily unavailable.');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await loaded('St. Croix Mojo Bass spinning rod')).toBeInTheDocument();
  });
});

describe('product detail page: what it shows', () => {
  it('shows every field of a rod listing and its seller', async () => {
    openListing(buildListing({ distance: 12.4 }));
    await loaded('St. Croix Mojo Bass spinning rod');

    expect(screen.getByText('$180')).toBeInTheDocument();
    const badges = screen.getByRole('list', { name: 'Condition and category' });
    expect(within(badges).getByText('Like New')).toBeInTheDocument();
    expect(within(badges).getByText('Rods')).toBeInTheDocument();

    expect(specValue('Condition')).toBe('Like New');
    expect(specValue('Category')).toBe('Rods');
    expect(specValue('Gear types')).toBe('Freshwater, Saltwater');
    expect(specValue('Brand')).toBe('St. Croix');
    expect(specValue('Model')).toBe('Mojo Bass MJS76MHF');
    expect(specValue('Rod brand')).toBe('St. Croix');
    expect(specValue('Composition')).toBe('Carbon Fiber');
    expect(specValue('Length')).toBe('7 ft 6 in');
    expect(specValue('Power')).toBe('Medium Heavy');
    expect(screen.queryByText('Reel type')).not.toBeInTheDocument();
    expect(screen.queryByText('Drag System')).not.toBeInTheDocument();

    const description = screen.getByText(/Fished one season/);
    expect(description.textContent).toBe('Fished one season.\nComes with the original rod sock.');
    expect(description).toHaveClass('whitespace-pre-line');

    expect(screen.getByText('Austin, TX', { exact: false })).toHaveTextContent('Austin, TX · 12 mi away');
    const posted = screen.getByText('3 days ago');
    expect(posted.tagName).toBe('TIME');
    expect(posted).toHaveAttribute('dateTime', threeDaysAgo);
    expect(posted.getAttribute('title')).toMatch(/\d{4}/);
    expect(screen.queryByText('Sold')).not.toBeInTheDocument();

    const sellerCard = screen.getByRole('region', { name: 'Seller' });
    expect(within(sellerCard).getByRole('link', { name: 'reel_deal' })).toHaveAttribute(
      'href',
      '/profile/u_2',
    );
    expect(within(sellerCard).getByText('Seller rating 4.9 out of 5')).toBeInTheDocument();
    expect(within(sellerCard).getByText('12 sales')).toBeInTheDocument();
    expect(within(sellerCard).getByText('Member since March 5, 2024')).toBeInTheDocument();
  });

  it('shows a sold reel with its reel details and no offer button', async () => {
    openListing(reel);
    await loaded('Penn Slammer IV 6500');

    expect(specValue('Reel brand')).toBe('Penn');
    expect(specValue('Reel type')).toBe('Spinning');
    expect(specValue('Drag System')).toBe('Star Drag');
    expect(specValue('Category')).toBe('Reels');
    expect(specValue('Condition')).toBe('Good');
    expect(screen.queryByText('Length')).not.toBeInTheDocument();
    expect(screen.queryByText('Rod brand')).not.toBeInTheDocument();

    expect(screen.getByText('Sold')).toBeInTheDocument();
    expect(screen.getByText('June 1, 2025')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Message seller' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
    // One photo: nothing to step through.
    expect(screen.getByRole('img', { name: 'Penn Slammer IV 6500' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Photo thumbnails' })).not.toBeInTheDocument();
  });

  it('shows up to 8 similar listings as cards', async () => {
    const similar = Array.from({ length: 10 }, (_, index) =>
      buildListing({ id: `s_${index}`, title: `Similar rod ${index + 1}` }),
    );
    openListing(buildListing(), {
      server: { 'GET /api/listings/l_1/similar': { body: { items: similar } } },
    });

    const row = await screen.findByRole('region', { name: 'Similar listings' });
    await waitFor(() => expect(within(row).getAllByRole('article')).toHaveLength(8));
    expect(within(row).getByRole('link', { name: 'Similar rod 1' })).toHaveAttribute(
      'href',
      '/marketplace/s_0',
    );
  });
});

describe('product detail page: gallery', () => {
  it('steps through the photos with the arrow keys, the buttons and the thumbnails', async () => {
    const { user } = openListing(buildListing());
    await loaded('St. Croix Mojo Bass spinning rod');

    const photo = screen.getByRole('group', { name: 'Photo 1 of 3' });
    expect(within(photo).getByRole('img')).toHaveAttribute(
      'src',
      expect.stringContaining('/files/product-images/rod-1.jpg?w=600'),
    );
    expect(within(photo).getByRole('img').getAttribute('srcset')).toContain('1200w');

    photo.focus();
    await user.keyboard('{ArrowRight}');
    expect(photo).toHaveAccessibleName('Photo 2 of 3');
    expect(within(photo).getByRole('img')).toHaveAttribute('src', expect.stringContaining('rod-2.jpg'));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(photo).toHaveAccessibleName('Photo 3 of 3');
    await user.keyboard('{Home}');
    expect(photo).toHaveAccessibleName('Photo 1 of 3');

    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(photo).toHaveAccessibleName('Photo 2 of 3');
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(photo).toHaveAccessibleName('Photo 1 of 3');

    const thumbnails = screen.getByRole('list', { name: 'Photo thumbnails' });
    await user.click(within(thumbnails).getByRole('button', { name: 'Show photo 3' }));
    expect(photo).toHaveAccessibleName('Photo 3 of 3');
    expect(within(thumbnails).getByRole('button', { name: 'Show photo 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('follows a swipe on a touch screen', async () => {
    openListing(buildListing());
    await loaded('St. Croix Mojo Bass spinning rod');
    const photo = screen.getByRole('group', { name: 'Photo 1 of 3' });

    fireEvent.pointerDown(photo, { pointerType: 'touch', pointerId: 1, clientX: 300, clientY: 100 });
    fireEvent.pointerUp(photo, { pointerType: 'touch', pointerId: 1, clientX: 200, clientY: 110 });
    expect(photo).toHaveAccessibleName('Photo 2 of 3');

    // A short movement is a tap, not a swipe.
    fireEvent.pointerDown(photo, { pointerType: 'touch', pointerId: 2, clientX: 200, clientY: 100 });
    fireEvent.pointerUp(photo, { pointerType: 'touch', pointerId: 2, clientX: 215, clientY: 100 });
    expect(photo).toHaveAccessibleName('Photo 2 of 3');

    fireEvent.pointerDown(photo, { pointerType: 'touch', pointerId: 3, clientX: 100, clientY: 100 });
    fireEvent.pointerUp(photo, { pointerType: 'touch', pointerId: 3, clientX: 260, clientY: 90 });
    expect(photo).toHaveAccessibleName('Photo 1 of 3');
  });

  it('opens the photo full size in a dialog', async () => {
    const { user } = openListing(buildListing());
    await loaded('St. Croix Mojo Bass spinning rod');
    await user.click(screen.getByRole('button', { name: 'Next photo' }));

    await user.click(screen.getByRole('button', { name: 'View full size' }));
    const dialog = await screen.findByRole('dialog');
    // The stored photo itself: the largest there is.
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/files/product-images/rod-2.jpg');
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', expect.stringContaining('rod-3.jpg'));
    await user.click(within(dialog).getByRole('button', { name: 'Close full-size photo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('group', { name: 'Photo 3 of 3' })).toBeInTheDocument();
  });
});

describe('product detail page: visitor actions', () => {
  it('likes at once and keeps the count the server answers', async () => {
    const held = heldAnswer({ body: { active: true, count: 9 } });
    const { user, server } = openListing(buildListing(), {
      server: { 'POST /api/listings/l_1/like': held.route },
    });
    await loaded('St. Croix Mojo Bass spinning rod');

    const like = screen.getByRole('button', { name: /^Like/ });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(like).toHaveTextContent('4');
    await user.click(like);
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(like).toHaveTextContent('5');

    held.release();
    await waitFor(() => expect(like).toHaveTextContent('9'));
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(server.calls('POST', '/api/listings/l_1/like')).toHaveLength(1);
  });

  it('puts a like back when the server fails', async () => {
    const held = heldAnswer(apiError(500, 'INTERNAL', 'Something went wrong. Please try again.'));
    const { user } = openListing(buildListing({ liked: true, likes_count: 4 }), {
      server: { 'POST /api/listings/l_1/like': held.route },
    });
    await loaded('St. Croix Mojo Bass spinning rod');

    const like = screen.getByRole('button', { name: /^Like/ });
    await user.click(like);
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(like).toHaveTextContent('3');

    held.release();
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    expect(like).toHaveTextContent('4');
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
  });

  it('favourites a listing', async () => {
    const { user, server } = openListing(buildListing(), {
      server: { 'POST /api/listings/l_1/favorite': { body: { active: true, count: 3 } } },
    });
    await loaded('St. Croix Mojo Bass spinning rod');

    const favourite = screen.getByRole('button', { name: /^Favourite/ });
    await user.click(favourite);
    await waitFor(() => expect(favourite).toHaveAttribute('aria-pressed', 'true'));
    expect(favourite).toHaveTextContent('3');
    expect(server.calls('POST', '/api/listings/l_1/favorite')).toHaveLength(1);
  });

  it('asks a guest to sign in before liking or favouriting, and comes back here', async () => {
    const { user, router, server } = openListing(buildListing(), { session: guestSession });
    await loaded('St. Croix Mojo Bass spinning rod');

    await user.click(screen.getByRole('button', { name: /^Like/ }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/marketplace/l_1' } });
    expect(server.calls('POST', '/api/listings/l_1/like')).toHaveLength(0);

    await router.navigate('/marketplace/l_1');
    await user.click(await screen.findByRole('button', { name: /^Favourite/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(server.calls('POST', '/api/listings/l_1/favorite')).toHaveLength(0);
  });

  it('links to the seller and opens an offer in place', async () => {
    const { user } = openListing(buildListing(), {
      server: { 'GET /api/listings/l_1/offers/mine': { body: { offer: null } } },
    });
    await loaded('St. Croix Mojo Bass spinning rod');

    expect(screen.getByRole('link', { name: 'Message seller' })).toHaveAttribute(
      'href',
      '/messages/u_2?listing=l_1',
    );
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Make an offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make an offer' });
    expect(await within(dialog).findByRole('textbox', { name: 'Your offer' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Asking price $180');
  });

  it('asks a guest to sign in before making an offer', async () => {
    const { user, router, server } = openListing(buildListing(), { session: guestSession });
    await loaded('St. Croix Mojo Bass spinning rod');

    await user.click(screen.getByRole('button', { name: 'Make an offer' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/marketplace/l_1' } });
    expect(server.calls('GET', '/api/listings/l_1/offers/mine')).toHaveLength(0);
  });

  it('copies the link when the device cannot share', async () => {
    const { user } = openListing(buildListing());
    await loaded('St. Croix Mojo Bass spinning rod');
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });

    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(`${window.location.origin}/marketplace/l_1`);
  });

  it('uses the share sheet where there is one', async () => {
    const { user } = openListing(buildListing());
    await loaded('St. Croix Mojo Bass spinning rod');
    const shared: ShareData[] = [];
    Object.defineProperty(navigator, 'share', {
      value: (data: ShareData) => {
        shared.push(data);
        return Promise.resolve();
      },
      configurable: true,
    });

    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(shared).toEqual([
        { title: 'St. Croix Mojo Bass spinning rod', url: `${window.location.origin}/marketplace/l_1` },
      ]),
    );
    expect(screen.queryByText('Link copied')).not.toBeInTheDocument();
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });
});

describe('product detail page: delivery and terms', () => {
  /** The terms block's rows as "label: value". */
  async function termsRows() {
    const block = await screen.findByRole('region', { name: 'Delivery and terms' });
    return Array.from(block.querySelectorAll('dt')).map(
      (term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`,
    );
  }

  it('shows free shipping, where and how soon it ships, offers and the return window', async () => {
    openListing(
      buildListing({
        handover: 'both',
        shipping_price: 0,
        ships_from: 'Round Rock, TX',
        handling_days: 1,
        returns_accepted: true,
        return_window_days: 14,
      }),
    );
    await loaded('St. Croix Mojo Bass spinning rod');
    expect(await termsRows()).toEqual([
      'Delivery: Local pickup or shipping',
      'Shipping: Free shipping',
      'Ships from: Round Rock, TX',
      'Handling time: Ships within 1 business day',
      'Offers: Offers accepted',
      'Returns: Returns accepted within 14 days',
    ]);
    expect(screen.getByRole('button', { name: 'Make an offer' })).toBeInTheDocument();
  });

  it('shows a shipping price, and pickup-only gear without shipping details', async () => {
    const { unmount } = openListing(
      buildListing({
        handover: 'shipping',
        shipping_price: 12.5,
        ships_from: 'Austin, TX',
        handling_days: 3,
      }),
    );
    await loaded('St. Croix Mojo Bass spinning rod');
    expect(await termsRows()).toEqual([
      'Delivery: Shipping only',
      'Shipping: $12.50 shipping',
      'Ships from: Austin, TX',
      'Handling time: Ships within 3 business days',
      'Offers: Offers accepted',
      'Returns: No returns',
    ]);
    unmount();

    openListing(buildListing());
    await loaded('St. Croix Mojo Bass spinning rod');
    expect(await termsRows()).toEqual([
      'Delivery: Local pickup only',
      'Offers: Offers accepted',
      'Returns: No returns',
    ]);
  });

  it('offers Buy now on gear that ships, first of the main actions; not on pickup-only gear, nor to its seller', async () => {
    const ships = buildListing({
      handover: 'shipping',
      shipping_price: 12,
      ships_from: 'Austin, TX',
      handling_days: 2,
    });
    const { unmount } = openListing(ships);
    await loaded('St. Croix Mojo Bass spinning rod');
    const buy = screen.getByRole('button', { name: 'Buy now' });
    const message = screen.getByRole('link', { name: 'Message seller' });
    expect(buy.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    unmount();

    const pickup = openListing(buildListing());
    await loaded('St. Croix Mojo Bass spinning rod');
    expect(screen.queryByRole('button', { name: 'Buy now' })).not.toBeInTheDocument();
    pickup.unmount();

    openListing({ ...ships, seller_id: member.id, seller: { ...ships.seller, id: member.id } });
    await loaded('St. Croix Mojo Bass spinning rod');
    expect(screen.queryByRole('button', { name: 'Buy now' })).not.toBeInTheDocument();
  });

  it('offers no "Make an offer" when the seller is not taking offers, to members and guests alike', async () => {
    const closed = buildListing({ accepts_offers: false });
    const { unmount } = openListing(closed);
    await loaded('St. Croix Mojo Bass spinning rod');
    expect(await termsRows()).toContain(`Offers: ${LISTING_TERMS_MESSAGES.offersClosed}`);
    expect(screen.getByRole('link', { name: 'Message seller' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
    unmount();

    openListing(closed, { session: guestSession });
    await loaded('St. Croix Mojo Bass spinning rod');
    expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
  });
});

describe('product detail page: the seller and moderators', () => {
  const own = buildListing({
    seller_id: member.id,
    seller: { ...seller, id: member.id, username: member.username },
  });

  it('gives the seller the owner actions instead of the buyer ones', async () => {
    openListing({ ...own, moderation_status: 'pending' });
    await loaded('St. Croix Mojo Bass spinning rod');

    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/marketplace/l_1/edit');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as sold' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Message seller' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Like/ })).not.toBeInTheDocument();
    expect(screen.getByText('4 likes · 2 favourites')).toBeInTheDocument();
    expect(screen.getByText('Pending review')).toBeInTheDocument();
  });

  it('does not tell other visitors that a listing waits for review', async () => {
    openListing(buildListing({ moderation_status: 'pending' }));
    await loaded('St. Croix Mojo Bass spinning rod');
    expect(screen.queryByText('Pending review')).not.toBeInTheDocument();
  });

  it('lets a moderator edit and delete but not mark as sold', async () => {
    openListing(buildListing(), { session: moderatorSession });
    await loaded('St. Croix Mojo Bass spinning rod');

    const tools = screen.getByRole('group', { name: 'Moderate this listing' });
    expect(within(tools).getByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(within(tools).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as sold' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Message seller' })).toBeInTheDocument();
  });

  it('deletes after confirming, then goes to the profile', async () => {
    const { user, server } = openListing(own, {
      server: { 'DELETE /api/listings/l_1': { status: 204 } },
    });
    await loaded('St. Croix Mojo Bass spinning rod');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this listing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('DELETE', '/api/listings/l_1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const loads = server.calls('GET', '/api/listings/l_1').length;
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete listing' }),
    );
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/profile');
    expect(screen.getByText('Listing deleted')).toBeInTheDocument();
    expect(server.calls('DELETE', '/api/listings/l_1')).toHaveLength(1);
    // The removed listing is not asked for again.
    expect(server.calls('GET', '/api/listings/l_1')).toHaveLength(loads);
  });

  it('keeps the dialog open with the reason when deleting fails', async () => {
    const { user } = openListing(own, {
      server: {
        'DELETE /api/listings/l_1': apiError(403, 'FORBIDDEN', 'You can only change your own listings.'),
      },
    });
    await loaded('St. Croix Mojo Bass spinning rod');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete listing' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You can only change your own listings.',
    );
  });

  it('marks the listing sold to a member who asked about it', async () => {
    const soldTo = { ...own, sold: true, sold_at: '2025-06-01T12:00:00.000Z', buyer_id: 'u_3' };
    const { user, server } = openListing(own, {
      server: {
        'GET /api/listings/l_1/buyer-candidates': {
          body: {
            items: [
              { id: 'u_3', username: 'bass_master', avatar_url: null },
              { id: 'u_4', username: 'fly_guy', avatar_url: '/files/avatars/fly.jpg' },
            ],
          },
        },
        'POST /api/listings/l_1/mark-sold': { body: soldTo },
      },
    });
    await loaded('St. Croix Mojo Bass spinning rod');

    await user.click(screen.getByRole('button', { name: 'Mark as sold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as sold' });
    const confirm = within(dialog).getByRole('button', { name: 'Mark as sold' });
    await within(dialog).findByRole('radio', { name: 'bass_master' });
    expect(confirm).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'Sold outside Castline' })).not.toBeChecked();

    await user.click(within(dialog).getByRole('radio', { name: 'bass_master' }));
    await user.click(confirm);

    expect(await screen.findByText('Marked as sold')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST', '/api/listings/l_1/mark-sold')[0]?.body).toEqual({ buyer_id: 'u_3' });
    expect(screen.getByText('Sold')).toBeInTheDocument();
    expect(screen.getByText('June 1, 2025')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as sold' })).not.toBeInTheDocument();
  });

  it('marks the listing sold outside Castline when nobody asked about it', async () => {
    const { user, server } = openListing(own, {
      server: {
        'GET /api/listings/l_1/buyer-candidates': { body: { items: [] } },
        'POST /api/listings/l_1/mark-sold': {
          body: { ...own, sold: true, sold_at: '2025-06-01T12:00:00.000Z' },
        },
      },
    });
    await loaded('St. Croix Mojo Bass spinning rod');

    await user.click(screen.getByRole('button', { name: 'Mark as sold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as sold' });
    expect(await within(dialog).findByText(/No member has shown interest/)).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Sold outside Castline' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Mark as sold' }));

    expect(await screen.findByText('Marked as sold')).toBeInTheDocument();
    expect(server.calls('POST', '/api/listings/l_1/mark-sold')[0]?.body).toEqual({ buyer_id: null });
    expect(await screen.findByText('Sold')).toBeInTheDocument();
  });
});

describe('product detail page: the buyer rates the purchase', () => {
  const bought = buildListing({ sold: true, sold_at: '2025-06-01T12:00:00.000Z', buyer_id: member.id });

  it('rates with the stars once, then shows the rating', async () => {
    const { user, server } = openListing(bought, {
      server: { 'POST /api/listings/l_1/rating': { body: { ...bought, transaction_rating: 4 } } },
    });
    await loaded('St. Croix Mojo Bass spinning rod');

    // The form loads on first use (most viewers never see it).
    const form = await screen.findByRole('group', { name: 'Rate this purchase' });
    const submit = screen.getByRole('button', { name: 'Submit rating' });
    expect(submit).toBeDisabled();
    expect(within(form).getAllByRole('radio')).toHaveLength(5);

    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    expect(within(form).getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.click(submit);

    expect(await screen.findByText('You rated this purchase')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Rate this purchase' })).not.toBeInTheDocument();
    expect(server.calls('POST', '/api/listings/l_1/rating')[0]?.body).toEqual({ rating: 4 });
  });

  it('asks for no rating while the sale’s order is still in progress, and says when a rating shows', async () => {
    const { unmount } = openListing({ ...bought, sale_pending: true });
    await loaded('St. Croix Mojo Bass spinning rod');
    expect(screen.queryByRole('group', { name: 'Rate this purchase' })).not.toBeInTheDocument();
    unmount();

    openListing(bought);
    await loaded('St. Croix Mojo Bass spinning rod');
    expect(
      await screen.findByText(
        /Your rating shows once they have reviewed you too, or 30 days after the sale\./,
      ),
    ).toBeInTheDocument();
  });

  it('can be rated from the keyboard', async () => {
    const { user, server } = openListing(bought, {
      server: { 'POST /api/listings/l_1/rating': { body: { ...bought, transaction_rating: 2 } } },
    });
    await loaded('St. Croix Mojo Bass spinning rod');

    within(await screen.findByRole('group', { name: 'Rate this purchase' }))
      .getByRole('radio', { name: '1 star' })
      .focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('img', { name: '2 out of 5 stars' })).toBeInTheDocument();
    expect(server.calls('POST', '/api/listings/l_1/rating')[0]?.body).toEqual({ rating: 2 });
  });

  it('shows the rating to a buyer who already rated, and nothing to other members', async () => {
    openListing({ ...bought, transaction_rating: 5 });
    await loaded('St. Croix Mojo Bass spinning rod');
    expect(await screen.findByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Rate this purchase' })).not.toBeInTheDocument();
  });

  it('offers no rating to someone who did not buy it', async () => {
    openListing({ ...bought, buyer_id: 'u_9' });
    await loaded('St. Croix Mojo Bass spinning rod');
    expect(screen.queryByRole('group', { name: 'Rate this purchase' })).not.toBeInTheDocument();
    expect(screen.queryByText('You rated this purchase')).not.toBeInTheDocument();
  });
});
