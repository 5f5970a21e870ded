import type { ListingListDto } from '@castline/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MockAnswer } from '../../../test/fetch-mock';
import { apiError } from '../../../test/fetch-mock';
import { guestSession, member, memberSession } from '../../../test/fixtures';
import { heldAnswer, renderRoute } from '../../../test/render-route';
import {
  buildListing,
  buildListings,
  currentQuery,
  listPage,
  queriesSentTo,
} from '../../listings/api/listing-queries.fixtures';
import { MarketplaceRoute } from './marketplace-route';

type View = ReturnType<typeof renderRoute>;
type ListingsRoute = (query: URLSearchParams) => MockAnswer;

/** Renders the marketplace at `entry`, answering GET /api/listings with `answer(query)`. */
function renderMarketplace(
  answer: ListingsRoute,
  {
    entry = '/marketplace',
    session,
    server = {},
  }: {
    entry?: string;
    session?: typeof guestSession;
    server?: Record<string, MockAnswer | (() => MockAnswer)>;
  } = {},
) {
  return renderRoute(<MarketplaceRoute />, {
    path: '/marketplace',
    initialEntry: entry,
    ...(session ? { session } : {}),
    server: {
      'GET /api/listings': () => answer(currentQuery()),
      ...server,
    },
  });
}

const PORTLAND = { description: 'Portland, OR, USA', place_id: 'city:5746545' };

const page =
  (body: ListingListDto): ListingsRoute =>
  () => ({ body });

function lastListingsQuery(view: View): URLSearchParams {
  const queries = queriesSentTo(view.server, '/api/listings');
  const last = queries.at(-1);
  if (!last) throw new Error('No GET /api/listings was sent');
  return last;
}

/** The pages asked for, in order (StrictMode may ask for the first page twice as it remounts). */
function pagesRequested(view: View): string[] {
  return [...new Set(queriesSentTo(view.server, '/api/listings').map((query) => query.get('page') ?? ''))];
}

function results() {
  return within(screen.getByRole('region', { name: 'Results' }));
}

function sidebar() {
  return within(screen.getByRole('complementary', { name: 'Filters' }));
}

describe('marketplace page', () => {
  it('lists the newest gear 20 at a time with the exact count', async () => {
    const items = buildListings(3);
    const view = renderMarketplace(page(listPage(items, { total: 3 })));

    expect(screen.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeInTheDocument();
    expect(screen.getByText('Rods, reels, combos and tackle from anglers near you.')).toBeInTheDocument();
    expect(await screen.findByText('3 listings')).toBeInTheDocument();
    const grid = results().getByRole('list', { name: 'Listings' });
    expect(
      within(grid)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-labelledby')),
    ).toHaveLength(3);
    expect(within(grid).getByRole('link', { name: items[0]?.title })).toHaveAttribute(
      'href',
      `/marketplace/${items[0]?.id}`,
    );
    expect(lastListingsQuery(view).toString()).toBe('sort=newest&page=1&pageSize=20');
    expect(results().queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Marketplace · Castline'));
  });

  it('lets keyboard users skip the filters: a link after the search box moves focus to the results', async () => {
    const { user } = renderMarketplace(page(listPage(buildListings(3), { total: 3 })));
    await screen.findByText('3 listings');

    const search = screen.getByRole('searchbox', { name: 'Search listings' });
    const skip = screen.getByRole('link', { name: 'Skip to results' });
    const firstFilter = sidebar().getAllByRole('checkbox')[0]!;
    expect(search.compareDocumentPosition(skip) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(skip.compareDocumentPosition(firstFilter) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    search.focus();
    await user.tab();
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { level: 2, name: 'Results' })).toHaveFocus();
  });

  it('says "1,000+" for a text search that matches more than it shows', async () => {
    const items = buildListings(20);
    renderMarketplace(page(listPage(items, { total: 1000, totalCapped: true })), {
      entry: '/marketplace?q=shimano',
    });

    expect(await screen.findByText('1,000+ listings')).toBeInTheDocument();
    expect(results().getByText('Showing 20 of 1,000+')).toBeInTheDocument();
    expect(results().getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });

  it('shows placeholder cards while the first page loads', async () => {
    const held = heldAnswer({ body: listPage(buildListings(1)) });
    renderRoute(<MarketplaceRoute />, { path: '/marketplace', server: { 'GET /api/listings': held.route } });

    expect(await screen.findByRole('status', { name: 'Loading listings' })).toBeInTheDocument();
    held.release();
    expect(await screen.findByText('1 listing')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading listings' })).not.toBeInTheDocument();
  });

  it('reads the filters of a shared address, sends them and shows them as chips', async () => {
    const view = renderMarketplace(page(listPage(buildListings(2))), {
      entry: '/marketplace?category=rods,reels&condition=good&price=50-200&brand=Penn&junk=1&sort=price_desc',
    });

    await screen.findByText('2 listings');
    const query = lastListingsQuery(view);
    expect(query.get('category')).toBe('rods,reels');
    expect(query.get('condition')).toBe('good');
    expect(query.get('price')).toBe('50-200');
    expect(query.get('brand')).toBe('Penn');
    expect(query.get('sort')).toBe('price_desc');
    expect(query.has('junk')).toBe(false);

    const chips = within(screen.getByRole('list', { name: 'Active filters' }));
    expect(chips.getAllByRole('listitem').map((chip) => chip.textContent)).toEqual([
      'Rods',
      'Reels',
      'Good',
      '$50 – $200',
      'Brand: Penn',
    ]);
    expect(sidebar().getByRole('checkbox', { name: 'Rods' })).toBeChecked();
    expect(sidebar().getByRole('checkbox', { name: 'Tackle' })).not.toBeChecked();
    expect(sidebar().getByRole('spinbutton', { name: 'Min price' })).toHaveValue(50);
    expect(sidebar().getByRole('combobox', { name: 'Brand' })).toHaveValue('Penn');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_desc');
  });

  it('applies a filter to the address and the request', async () => {
    const view = renderMarketplace(page(listPage(buildListings(2))));
    await screen.findByText('2 listings');

    await view.user.click(sidebar().getByRole('checkbox', { name: 'Reels' }));
    await waitFor(() => expect(view.router.state.location.search).toBe('?category=reels'));
    await waitFor(() => expect(lastListingsQuery(view).get('category')).toBe('reels'));

    await view.user.click(sidebar().getByRole('checkbox', { name: 'Saltwater' }));
    await waitFor(() =>
      expect(view.router.state.location.search).toBe('?category=reels&gear_types=Saltwater'),
    );
    await waitFor(() => expect(lastListingsQuery(view).get('gear_types')).toBe('Saltwater'));
  });

  it('filters by delivery: writes handover and free shipping to the address, shows chips and clears them', async () => {
    const view = renderMarketplace(page(listPage(buildListings(2))), { entry: '/marketplace?sort=oldest' });
    await screen.findByText('2 listings');

    const delivery = within(await sidebar().findByRole('group', { name: 'Delivery' }));
    expect(delivery.getByRole('radio', { name: 'Any' })).toBeChecked();
    await view.user.click(delivery.getByRole('radio', { name: 'Shipping' }));
    await waitFor(() => expect(view.router.state.location.search).toBe('?handover=shipping&sort=oldest'));
    await waitFor(() => expect(lastListingsQuery(view).get('handover')).toBe('shipping'));

    await view.user.click(delivery.getByRole('checkbox', { name: 'Free shipping' }));
    await waitFor(() =>
      expect(view.router.state.location.search).toBe('?handover=shipping&free_shipping=true&sort=oldest'),
    );
    await waitFor(() => expect(lastListingsQuery(view).get('free_shipping')).toBe('true'));
    const chips = within(screen.getByRole('list', { name: 'Active filters' }));
    expect(chips.getAllByRole('listitem').map((chip) => chip.textContent)).toEqual([
      'Shipping',
      'Free shipping',
    ]);

    await view.user.click(delivery.getByRole('radio', { name: 'Local pickup' }));
    await waitFor(() =>
      expect(view.router.state.location.search).toBe('?handover=pickup&free_shipping=true&sort=oldest'),
    );
    await view.user.click(screen.getByRole('button', { name: 'Remove filter: Local pickup' }));
    await waitFor(() => expect(view.router.state.location.search).toBe('?free_shipping=true&sort=oldest'));
    expect(delivery.getByRole('radio', { name: 'Any' })).toBeChecked();

    await view.user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(view.router.state.location.search).toBe('?sort=oldest'));
    expect(delivery.getByRole('checkbox', { name: 'Free shipping' })).not.toBeChecked();
  });

  it('reads delivery filters from a shared address', async () => {
    renderMarketplace(page(listPage(buildListings(1))), {
      entry: '/marketplace?handover=pickup&free_shipping=true',
    });
    await screen.findByText('1 listing');
    const delivery = within(await sidebar().findByRole('group', { name: 'Delivery' }));
    expect(delivery.getByRole('radio', { name: 'Local pickup' })).toBeChecked();
    expect(delivery.getByRole('checkbox', { name: 'Free shipping' })).toBeChecked();
  });

  it('applies typed prices after a pause and rod lengths in feet as inches', async () => {
    const view = renderMarketplace(page(listPage(buildListings(2))));
    await screen.findByText('2 listings');

    await view.user.type(sidebar().getByRole('spinbutton', { name: 'Min price' }), '40');
    await waitFor(() => expect(view.router.state.location.search).toBe('?price=40-'));
    await view.user.type(sidebar().getByRole('spinbutton', { name: 'Max length (ft)' }), '7.5');
    await view.user.tab();
    await waitFor(() => expect(view.router.state.location.search).toBe('?price=40-&rod_length_max=90'));
    await waitFor(() => expect(lastListingsQuery(view).get('rod_length_max')).toBe('90'));
    expect(screen.getByRole('button', { name: 'Remove filter: Rod up to 7 ft 6 in' })).toBeInTheDocument();
  });

  it('hides rod details when only reel categories are chosen, and drops those filters', async () => {
    const view = renderMarketplace(page(listPage(buildListings(1))), {
      entry: '/marketplace?rod_power=Heavy',
    });
    await screen.findByText('1 listing');
    expect(sidebar().getByRole('group', { name: 'Rod power' })).toBeInTheDocument();

    await view.user.click(sidebar().getByRole('checkbox', { name: 'Reels' }));
    await waitFor(() => expect(view.router.state.location.search).toBe('?category=reels'));
    expect(sidebar().queryByRole('group', { name: 'Rod power' })).not.toBeInTheDocument();
    expect(sidebar().getByRole('group', { name: 'Reel type' })).toBeInTheDocument();
  });

  it('searches on Enter and offers Best match while there are search words', async () => {
    const view = renderMarketplace(page(listPage(buildListings(2))));
    await screen.findByText('2 listings');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(sort).queryByRole('option', { name: 'Best match' })).not.toBeInTheDocument();
    expect(within(sort).queryByRole('option', { name: 'Distance' })).not.toBeInTheDocument();

    await view.user.type(screen.getByRole('searchbox', { name: 'Search listings' }), 'stradic{Enter}');
    await waitFor(() => expect(view.router.state.location.search).toBe('?q=stradic'));
    await waitFor(() => expect(lastListingsQuery(view).get('q')).toBe('stradic'));
    expect(lastListingsQuery(view).get('sort')).toBe('relevance');
    expect(sort).toHaveValue('relevance');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Newest', 'Oldest', 'Price: Low to High', 'Price: High to Low', 'Best match']);
  });

  it('offers Distance for a location search and sends the point and radius', async () => {
    const view = renderMarketplace(page(listPage([buildListing({ distance: 4.2 })])), {
      entry: '/marketplace?near=Portland,%20OR&lat=45.52&lng=-122.68&radius=25',
    });

    expect(await screen.findByText(/4\.2 mi away/)).toBeInTheDocument();
    const query = lastListingsQuery(view);
    expect([query.get('lat'), query.get('lng'), query.get('radius'), query.get('sort')]).toEqual([
      '45.52',
      '-122.68',
      '25',
      'distance',
    ]);
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('distance');
    expect(
      screen.getByRole('button', { name: 'Remove filter: Within 25 mi of Portland, OR' }),
    ).toBeInTheDocument();
  });

  it('searches around a chosen place within the chosen distance', async () => {
    const view = renderMarketplace(page(listPage(buildListings(2))), {
      server: {
        'GET /api/places/suggestions': { body: { items: [PORTLAND] } },
        'GET /api/places/geocode': () =>
          currentQuery().get('place_id') === PORTLAND.place_id
            ? { body: { lat: 45.523, lng: -122.676, formatted_address: 'Portland, OR, USA' } }
            : apiError(404, 'NOT_FOUND', 'We could not find that place. Try a city name or a US ZIP code.'),
      },
    });
    await screen.findByText('2 listings');
    expect(sidebar().getByRole('combobox', { name: 'Distance' })).toBeDisabled();

    await view.user.type(sidebar().getByRole('combobox', { name: 'Near' }), 'Portl');
    await view.user.click(await sidebar().findByRole('option', { name: 'Portland, OR, USA' }));
    await waitFor(() =>
      expect(view.router.state.location.search).toBe(
        '?near=Portland,+OR,+USA&lat=45.523&lng=-122.676&radius=50',
      ),
    );
    await waitFor(() => expect(lastListingsQuery(view).get('sort')).toBe('distance'));
    expect(lastListingsQuery(view).get('radius')).toBe('50');

    const distance = sidebar().getByRole('combobox', { name: 'Distance' });
    expect(distance).toBeEnabled();
    expect(
      within(distance)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Within 10 miles',
      'Within 25 miles',
      'Within 50 miles',
      'Within 100 miles',
      'Within 250 miles',
    ]);
    await view.user.selectOptions(distance, 'Within 25 miles');
    await waitFor(() => expect(lastListingsQuery(view).get('radius')).toBe('25'));
    expect(
      screen.getByRole('button', { name: 'Remove filter: Within 25 mi of Portland, OR, USA' }),
    ).toBeInTheDocument();

    await view.user.click(
      screen.getByRole('button', { name: 'Remove filter: Within 25 mi of Portland, OR, USA' }),
    );
    await waitFor(() => expect(view.router.state.location.search).toBe(''));
    expect(sidebar().getByRole('combobox', { name: 'Near' })).toHaveValue('');
  });

  it("searches around the device's position with 'Use my location'", async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (success: PositionCallback) =>
          success({ coords: { latitude: 44.05812, longitude: -121.31534 } } as GeolocationPosition),
      },
    });
    const view = renderMarketplace(page(listPage(buildListings(2))));
    await screen.findByText('2 listings');

    await view.user.click(sidebar().getByRole('button', { name: 'Use my location' }));
    await waitFor(() =>
      expect(view.router.state.location.search).toBe('?near=Your+location&lat=44.058&lng=-121.315&radius=50'),
    );
    await waitFor(() => expect(lastListingsQuery(view).get('lat')).toBe('44.058'));
    expect(
      screen.getByRole('button', { name: 'Remove filter: Within 50 mi of Your location' }),
    ).toBeInTheDocument();
  });

  it('changes the order', async () => {
    const view = renderMarketplace(page(listPage(buildListings(2))));
    await screen.findByText('2 listings');

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: Low to High');
    await waitFor(() => expect(view.router.state.location.search).toBe('?sort=price_asc'));
    await waitFor(() => expect(lastListingsQuery(view).get('sort')).toBe('price_asc'));
  });

  it('saves the current search as an alert (a captain)', async () => {
    const view = renderMarketplace(page(listPage(buildListings(2))), {
      entry: '/marketplace?category=reels&brand=Shimano&price=-200',
      server: { 'POST /api/alerts': { status: 201, body: {} } },
      session: { ...memberSession, user: { ...member, is_captain: true } },
    });
    await screen.findByText('2 listings');

    await view.user.click(screen.getByRole('button', { name: 'Save search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save search' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Shimano reels under $200');
  });

  it('removes one filter with its chip, and all of them with Clear all', async () => {
    const view = renderMarketplace(page(listPage(buildListings(2))), {
      entry: '/marketplace?q=penn&category=reels&condition=new,good&sort=oldest',
    });
    await screen.findByText('2 listings');

    await view.user.click(screen.getByRole('button', { name: 'Remove filter: New' }));
    await waitFor(() =>
      expect(view.router.state.location.search).toBe('?q=penn&category=reels&condition=good&sort=oldest'),
    );
    await waitFor(() => expect(lastListingsQuery(view).get('condition')).toBe('good'));
    // Focus moves to the chip that took its place.
    expect(screen.getByRole('button', { name: 'Remove filter: Good' })).toHaveFocus();

    await view.user.click(screen.getByRole('button', { name: 'Remove filter: “penn”' }));
    await waitFor(() => expect(view.router.state.location.search).not.toContain('q='));
    expect(screen.getByRole('searchbox', { name: 'Search listings' })).toHaveValue('');

    await view.user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(view.router.state.location.search).toBe('?sort=oldest'));
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
    await waitFor(() => expect(lastListingsQuery(view).toString()).toBe('sort=oldest&page=1&pageSize=20'));
  });

  it('loads the next page with Load more', async () => {
    const first = buildListings(20);
    const second = buildListings(5);
    const view = renderMarketplace((query) =>
      query.get('page') === '2'
        ? { body: listPage(second, { total: 25, page: 2 }) }
        : { body: listPage(first, { total: 25, page: 1 }) },
    );

    expect(await screen.findByText('25 listings')).toBeInTheDocument();
    expect(screen.getByText('Showing 20 of 25')).toBeInTheDocument();
    expect(results().getAllByRole('article')).toHaveLength(20);

    await view.user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(results().getAllByRole('article')).toHaveLength(25));
    expect(pagesRequested(view)).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads the next page by itself as the end of the list scrolls into view', async () => {
    const observers: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly record: { callback: IntersectionObserverCallback; target?: Element };
        constructor(callback: IntersectionObserverCallback) {
          this.record = { callback };
          observers.push(this.record);
        }
        observe(target: Element) {
          this.record.target = target;
        }
        disconnect() {}
        unobserve() {}
      },
    );
    const view = renderMarketplace((query) =>
      query.get('page') === '2'
        ? { body: listPage(buildListings(3), { total: 23, page: 2 }) }
        : { body: listPage(buildListings(20), { total: 23, page: 1 }) },
    );
    await screen.findByText('23 listings');

    const watcher = observers.at(-1);
    expect(watcher?.target).toBeDefined();
    watcher?.callback(
      [{ isIntersecting: true, target: watcher.target } as IntersectionObserverEntry],
      {} as IntersectionObserver,
    );
    await waitFor(() => expect(results().getAllByRole('article')).toHaveLength(23));
    expect(pagesRequested(view)).toEqual(['1', '2']);
  });

  it('remembers how far down the member was, and how many pages were loaded, when they open a listing', async () => {
    const view = renderMarketplace((query) =>
      query.get('page') === '2'
        ? { body: listPage(buildListings(20), { total: 45, page: 2 }) }
        : { body: listPage(buildListings(20), { total: 45, page: 1 }) },
    );
    await screen.findByText('45 listings');
    await view.user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(results().getAllByRole('article')).toHaveLength(40));

    Object.defineProperty(window, 'scrollY', { value: 1800, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    await act(() => view.router.navigate('/marketplace/l_1'));
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });

    // The list's entry in the history is the first one ('default').
    const saved = JSON.parse(window.sessionStorage.getItem('castline:marketplace-positions') ?? '{}');
    expect(saved).toEqual({ default: { y: 1800, pages: 2 } });
  });

  it('coming back, loads as many pages as before and only then scrolls to the same place', async () => {
    window.sessionStorage.setItem(
      'castline:marketplace-positions',
      JSON.stringify({ default: { y: 2400, pages: 2 } }),
    );
    const cardsWhenScrolled: number[] = [];
    vi.spyOn(window, 'scrollTo').mockImplementation(((x: number, y: number) => {
      if (x === 0 && y === 2400) cardsWhenScrolled.push(document.querySelectorAll('article').length);
    }) as typeof window.scrollTo);
    const view = renderMarketplace((query) =>
      query.get('page') === '2'
        ? { body: listPage(buildListings(20), { total: 45, page: 2 }) }
        : { body: listPage(buildListings(20), { total: 45, page: 1 }) },
    );

    await waitFor(() => expect(results().getAllByRole('article')).toHaveLength(40));
    expect(pagesRequested(view)).toEqual(['1', '2']);
    await waitFor(() => expect(cardsWhenScrolled).toEqual([40]));
  });

  it('invites a member to list the first gear when there is none', async () => {
    renderMarketplace(page(listPage([])));

    expect(await screen.findByRole('heading', { name: 'No gear listed yet' })).toBeInTheDocument();
    expect(screen.getByText(/The first listings will appear here/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'List My Gear' })).toHaveAttribute(
      'href',
      '/marketplace/new',
    );
    expect(screen.getByText('0 listings')).toBeInTheDocument();
  });

  it('sends a guest to sign in first, and on to the listing form afterwards', async () => {
    const { user, router } = renderMarketplace(page(listPage([])), { session: guestSession });

    const signIn = await screen.findByRole('link', { name: 'Sign in to list gear' });
    expect(signIn).toHaveAttribute('href', '/auth/login');
    expect(screen.queryByRole('link', { name: 'List My Gear' })).not.toBeInTheDocument();

    await user.click(signIn);
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.state).toEqual({ from: '/marketplace/new' });
  });

  it('says when nothing matches the filters and clears them', async () => {
    const view = renderMarketplace((query) =>
      query.has('category') ? { body: listPage([]) } : { body: listPage(buildListings(4)) },
    );
    await screen.findByText('4 listings');
    await view.user.click(sidebar().getByRole('checkbox', { name: 'Tackle' }));

    expect(
      await screen.findByRole('heading', { name: 'No listings match your filters' }),
    ).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('4 listings')).toBeInTheDocument();
    expect(view.router.state.location.search).toBe('');
  });

  it('shows a failed list with the reason and tries again', async () => {
    let fail = true;
    renderMarketplace(() =>
      fail
        ? apiError(500, 'INTERNAL', 'Something went wrong on our side.')
        : { body: listPage(buildListings(2)) },
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch products: Something went wrong on our side.');
    fail = false;
    await within(alert)
      .findByRole('button', { name: 'Try again' })
      .then((button) => button.click());
    expect(await screen.findByText('2 listings')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the filters in a sheet on a phone and closes it with the result count', async () => {
    const view = renderMarketplace((query) =>
      query.get('category') === 'rods'
        ? { body: listPage(buildListings(1)) }
        : { body: listPage(buildListings(7)) },
    );
    await screen.findByText('7 listings');

    await view.user.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Filters' }));
    expect(sheet.getByRole('button', { name: 'Show 7 results' })).toBeInTheDocument();

    await view.user.click(sheet.getByRole('checkbox', { name: 'Rods' }));
    const show = await sheet.findByRole('button', { name: 'Show 1 result' });
    expect(view.router.state.location.search).toBe('?category=rods');
    await view.user.click(show);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Filters, 1 applied' })).toBeInTheDocument();
    expect(screen.getByText('1 listing')).toBeInTheDocument();
  });
});
