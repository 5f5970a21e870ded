import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { mockServer } from '../../../test/fetch-mock';
import { renderRoute } from '../../../test/render-route';
import { asSeller, buildOrder, orderPage } from '../api/order-fixtures';
import { OrdersRoute } from './orders-route';

type FetchMock = ReturnType<typeof mockServer>['fetch'];

/** The addresses fetch was asked for, as URLs. */
function urls(fetchMock: FetchMock): URL[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
}

/**
 * What GET /api/me/orders was asked, as "role state page pageSize", in order (a request repeated at
 * once counts once: StrictMode mounts the page twice and the first request is cancelled).
 */
function queries(fetchMock: FetchMock): string[] {
  return urls(fetchMock)
    .filter((url) => url.pathname === '/api/me/orders')
    .map((url) => ['role', 'state', 'page', 'pageSize'].map((name) => url.searchParams.get(name)).join(' '))
    .filter((query, index, all) => query !== all[index - 1]);
}

function renderOrders(entry: string, answer: (role: string | null) => { body: unknown }) {
  return renderRoute(<OrdersRoute />, {
    path: '/orders',
    initialEntry: entry,
    server: {
      // The request being answered is the last one the (mocked) fetch was asked for.
      'GET /api/me/orders': () =>
        answer(
          urls(globalThis.fetch as FetchMock)
            .at(-1)
            ?.searchParams.get('role') ?? null,
        ),
    },
  });
}

const purchase = buildOrder();
const sale = asSeller(
  buildOrder({ id: '0d0e0000-0000-4000-8000-000000000002', state: 'paid', actions: ['ship', 'cancel'] }),
);

describe('orders list', () => {
  it('shows purchases by default, each a link to its order with the other member, total and state', async () => {
    const { server } = renderOrders('/orders', () => ({ body: orderPage([purchase]) }));

    const list = await screen.findByRole('list', { name: 'Purchases' });
    const row = within(list).getByRole('listitem');
    expect(within(row).getByRole('link', { name: 'Shimano Stradic FL 2500' })).toHaveAttribute(
      'href',
      `/orders/${purchase.id}`,
    );
    expect(row).toHaveTextContent('From @reel_deal · March 1, 2026');
    expect(row).toHaveTextContent('Total $192');
    expect(within(row).getByText('Awaiting payment')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Purchases' })).toHaveAttribute('aria-current', 'page');
    expect(queries(server.fetch)).toEqual(['buying all 1 20']);
    expect(document.title).toBe('Purchases · Orders · Castline');
  });

  it('switches to sales and filters by state through the address, asking the server each time', async () => {
    const { user, router, server } = renderOrders('/orders', (role) => ({
      body: orderPage(role === 'selling' ? [sale] : [purchase]),
    }));
    await screen.findByRole('list', { name: 'Purchases' });

    await user.click(screen.getByRole('link', { name: 'Sales' }));
    const sales = await screen.findByRole('list', { name: 'Sales' });
    expect(router.state.location.search).toBe('?role=selling');
    expect(within(sales).getByRole('listitem')).toHaveTextContent('To @lake_caster');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'In progress');
    await waitFor(() => expect(router.state.location.search).toBe('?role=selling&state=open'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Awaiting payment');
    await waitFor(() => expect(router.state.location.search).toBe('?role=selling&state=awaiting_payment'));

    // The filter stays when the tab changes.
    await user.click(screen.getByRole('link', { name: 'Purchases' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=awaiting_payment'));
    await screen.findByRole('list', { name: 'Purchases' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'All');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() =>
      expect(queries(server.fetch)).toEqual([
        'buying all 1 20',
        'selling all 1 20',
        'selling open 1 20',
        'selling awaiting_payment 1 20',
        'buying awaiting_payment 1 20',
      ]),
    );
    // All purchases, asked for first, are still fresh: not asked again.
  });

  it('reads the tab and the filter from the address, and offers every state by its label', async () => {
    const { server } = renderOrders('/orders?role=selling&state=shipped', () => ({ body: orderPage([]) }));

    expect(await screen.findByRole('heading', { name: 'No sales that are shipped' })).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Show' });
    expect(select).toHaveValue('shipped');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All',
      'In progress',
      'Awaiting payment',
      'Paid',
      'Shipped',
      'Received',
      'Completed',
      'Cancelled',
    ]);
    expect(queries(server.fetch)).toEqual(['selling shipped 1 20']);
  });

  it('pages through 20 at a time', async () => {
    const { user, server } = renderOrders('/orders', () => ({ body: orderPage([purchase], { total: 45 }) }));

    const pages = await screen.findByRole('navigation', { name: 'Order pages' });
    expect(pages).toHaveTextContent('Page 1 of 3');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queries(server.fetch)).toEqual(['buying all 1 20', 'buying all 2 20']));
  });

  it('says how purchases come about when there are none, with a way to the marketplace', async () => {
    renderOrders('/orders', () => ({ body: orderPage([]) }));

    expect(await screen.findByRole('heading', { name: 'No purchases yet' })).toBeInTheDocument();
    expect(
      screen.getByText(/When you buy now or an offer of yours is accepted, the order shows here/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the Marketplace' })).toHaveAttribute(
      'href',
      '/marketplace',
    );
  });

  it('offers all orders when a filter finds none', async () => {
    const { user, router } = renderOrders('/orders?state=open', () => ({ body: orderPage([]) }));

    expect(await screen.findByRole('heading', { name: 'No purchases in progress' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows placeholders while the orders load', async () => {
    renderOrders('/orders', () => ({ body: orderPage([purchase]) }));
    expect(screen.getByRole('status', { name: 'Loading orders' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Purchases' })).toBeInTheDocument();
  });
});
