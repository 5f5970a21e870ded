import type {
  CurrentUserDto,
  MonitoringErrorDto,
  MonitoringErrorGroupDto,
  MonitoringEventDto,
} from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { member, memberSession } from '../../../test/fixtures';
import { heldAnswer, renderRoute } from '../../../test/render-route';
import { MonitoringAdminRoute } from './monitoring-admin-route';

const analyst: CurrentUserDto = {
  ...member,
  is_admin: true,
  role: 'support',
  permissions: ['analytics.read', 'users.read'],
};
const session = { ...memberSession, user: analyst };

const FP = 'a1b2c3d4e5f60718';
const MEMBER_ID = '0a6f3f5e-2222-4c2a-9d1e-00000000b002';
const hourAgo = new Date(Date.now() - 3600_000).toISOString();
const dayAgo = new Date(Date.now() - 24 * 3600_000).toISOString();

function group(overrides: Partial<MonitoringErrorGroupDto> = {}): MonitoringErrorGroupDto {
  return {
    fingerprint: FP,
    message: "TypeError: Cannot read properties of undefined (reading 'price')",
    count: 12,
    first_seen: dayAgo,
    last_seen: hourAgo,
    last_stack: 'TypeError: Cannot read…\n    at ListingCard (listing-card.tsx:42:7)',
    sources: ['client'],
    ...overrides,
  };
}

function occurrence(overrides: Partial<MonitoringErrorDto> = {}): MonitoringErrorDto {
  return {
    id: 'err-1',
    source: 'client',
    message: group().message,
    stack:
      "TypeError: Cannot read properties of undefined (reading 'price')\n    at ListingCard (listing-card.tsx:42:7)",
    fingerprint: FP,
    context: { path: '/marketplace/rods', listingId: 'l_1' },
    metadata: { kind: 'error', name: 'TypeError' },
    request_id: 'req-7f3a',
    user_id: MEMBER_ID,
    timestamp: hourAgo,
    ...overrides,
  };
}

function event(overrides: Partial<MonitoringEventDto> = {}): MonitoringEventDto {
  return {
    id: 'ev-1',
    event_type: 'timing',
    user_id: MEMBER_ID,
    context: { path: '/error-test' },
    metadata: { name: 'error-test.slow-operation', duration_ms: 1500, outcome: 'succeeded' },
    timestamp: hourAgo,
    ...overrides,
  };
}

function page<T>(items: T[], overrides: { page?: number; total?: number } = {}) {
  return { items, page: overrides.page ?? 1, page_size: 10, total: overrides.total ?? items.length };
}

type Options = NonNullable<Parameters<typeof renderRoute>[1]>;

function renderPage(initialEntry: string, server: Options['server'] = {}) {
  return renderRoute(<MonitoringAdminRoute />, { path: '/admin/monitoring', initialEntry, session, server });
}

/** Every address the page asked for, with its query string. */
function urlsOf(view: ReturnType<typeof renderPage>, path: string): string[] {
  return view.server.fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => `${url.pathname}${url.search}`);
}

describe('monitoring: errors', () => {
  it('shows a skeleton, then the error groups with counts and when they were seen', async () => {
    const held = heldAnswer({
      body: page([
        group(),
        group({ fingerprint: 'ffff0000ffff0000', message: 'Server exploded', count: 1, sources: ['server'] }),
      ]),
    });
    renderPage('/admin/monitoring', { 'GET /api/admin/monitoring/errors': held.route });

    expect(await screen.findByRole('status', { name: 'Loading errors' })).toBeInTheDocument();
    held.release();
    const list = await screen.findByRole('list', { name: 'Error groups' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("TypeError: Cannot read properties of undefined (reading 'price')");
    expect(rows[0]).toHaveTextContent('12 times');
    expect(rows[0]).toHaveTextContent('client');
    expect(rows[0]).toHaveTextContent(/Last seen 1 hour ago/);
    expect(rows[0]).toHaveTextContent(/First seen (1 day|yesterday)/i);
    expect(rows[1]).toHaveTextContent('1 time');
    expect(rows[1]).toHaveTextContent('server');
    expect(screen.getByRole('heading', { level: 1, name: 'Monitoring' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Errors' })).toHaveAttribute('aria-current', 'page');
  });

  it('says what produces errors when there are none, with a link to the error test page', async () => {
    renderPage('/admin/monitoring', { 'GET /api/admin/monitoring/errors': { body: page([]) } });
    expect(await screen.findByRole('heading', { name: 'No errors recorded.' })).toBeInTheDocument();
    expect(screen.getByText(/Errors from browsers and the server appear here/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the error test page' })).toHaveAttribute(
      'href',
      '/error-test',
    );
  });

  it('offers Try again when the errors cannot be loaded', async () => {
    let failing = true;
    renderPage('/admin/monitoring', {
      'GET /api/admin/monitoring/errors': () =>
        failing ? apiError(500, 'INTERNAL', 'Something went wrong') : { body: page([group()]) },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    failing = false;
    within(alert).getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('list', { name: 'Error groups' })).toBeInTheDocument();
  });

  it('pages through the groups with the page in the address', async () => {
    const view = renderRoute(<MonitoringAdminRoute />, {
      path: '/admin/monitoring',
      session,
      server: {
        'GET /api/admin/monitoring/errors': ({ path }) => ({
          body: page([group({ message: `Error on ${path}` })], { total: 25 }),
        }),
      },
    });
    const nav = await screen.findByRole('navigation', { name: 'Error pages' });
    expect(nav).toHaveTextContent('Page 1 of 3');
    await view.user.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(await within(nav).findByText('Page 2 of 3')).toBeInTheDocument();
    expect(view.router.state.location.search).toBe('?errors_page=2');
    await waitFor(() =>
      expect(urlsOf(view, '/api/admin/monitoring/errors')).toContain('/api/admin/monitoring/errors?page=2'),
    );
  });

  it('opens an error group with its occurrences, stack traces in a scrollable block, and closes back to the list', async () => {
    const view = renderPage('/admin/monitoring', {
      'GET /api/admin/monitoring/errors': { body: page([group()]) },
      [`GET /api/admin/monitoring/errors/${FP}`]: {
        body: {
          fingerprint: FP,
          items: [
            occurrence(),
            occurrence({
              id: 'err-2',
              source: 'server',
              stack: null,
              user_id: null,
              request_id: null,
              context: { method: 'GET', route: '/api/listings/:id' },
            }),
          ],
        },
      },
    });
    const row = await screen.findByRole('button', { name: /TypeError: Cannot read properties/ });
    await view.user.click(row);

    const dialog = await screen.findByRole('dialog', { name: /TypeError: Cannot read properties/ });
    expect(view.router.state.location.search).toBe(`?error=${FP}`);
    const occurrences = await within(dialog).findAllByRole('listitem');
    expect(occurrences).toHaveLength(2);
    const first = occurrences[0]!;
    expect(first).toHaveTextContent('/marketplace/rods');
    expect(first).toHaveTextContent('req-7f3a');
    expect(within(first).getByRole('link', { name: `Member ${MEMBER_ID}` })).toHaveAttribute(
      'href',
      `/admin/users/${MEMBER_ID}`,
    );
    const stack = within(first).getByRole('region', { name: 'Stack trace' });
    expect(stack.tagName).toBe('PRE');
    expect(stack).toHaveTextContent('at ListingCard (listing-card.tsx:42:7)');
    expect(within(first).getByRole('region', { name: 'Context' })).toHaveTextContent('"listingId": "l_1"');

    const second = occurrences[1]!;
    expect(second).toHaveTextContent('GET /api/listings/:id');
    expect(second).toHaveTextContent('Not signed in');
    expect(second).toHaveTextContent('No stack trace was sent with this error.');

    await view.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.router.state.location.search).toBe('');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /TypeError: Cannot read properties/ })).toHaveFocus(),
    );
  });

  it('says so when an error group is gone', async () => {
    renderPage(`/admin/monitoring?error=${FP}`, {
      'GET /api/admin/monitoring/errors': { body: page([]) },
      [`GET /api/admin/monitoring/errors/${FP}`]: apiError(
        404,
        'NOT_FOUND',
        'No errors with this fingerprint',
      ),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Error details' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No errors with this fingerprint');
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('monitoring: events', () => {
  it('lists events with their type, name, member and time; timings show their duration', async () => {
    renderPage('/admin/monitoring?tab=events', {
      'GET /api/admin/monitoring/events': {
        body: page([
          event(),
          event({
            id: 'ev-2',
            event_type: 'log',
            metadata: { message: 'Error test page message', level: 'info' },
          }),
        ]),
      },
    });
    const list = await screen.findByRole('list', { name: 'Events' });
    const [timing, log] = within(list).getAllByRole('listitem');
    expect(timing).toHaveTextContent('Timing');
    expect(timing).toHaveTextContent('error-test.slow-operation');
    expect(timing).toHaveTextContent('Duration 1,500 ms');
    expect(timing).toHaveTextContent(MEMBER_ID);
    expect(timing).toHaveTextContent('/error-test');
    expect(log).toHaveTextContent('Log');
    expect(log).toHaveTextContent('Error test page message');
    expect(log).not.toHaveTextContent('Duration');
    expect(screen.getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');
  });

  it('filters by type in the address and asks the server for that type', async () => {
    const view = renderPage('/admin/monitoring?tab=events&events_page=2', {
      'GET /api/admin/monitoring/events': { body: page([event()], { total: 30, page: 2 }) },
    });
    await screen.findByRole('list', { name: 'Events' });
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'timing');

    await waitFor(() => expect(view.router.state.location.search).toBe('?tab=events&type=timing'));
    await waitFor(() =>
      expect(urlsOf(view, '/api/admin/monitoring/events')).toContain(
        '/api/admin/monitoring/events?page=1&type=timing',
      ),
    );
    expect(urlsOf(view, '/api/admin/monitoring/events')).toContain('/api/admin/monitoring/events?page=2');
  });

  it('says what produces events when there are none, and offers all types again when filtered', async () => {
    const view = renderPage('/admin/monitoring?tab=events&type=metric', {
      'GET /api/admin/monitoring/events': { body: page([]) },
    });
    expect(await screen.findByRole('heading', { name: 'No metric events recorded.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the error test page' })).toHaveAttribute(
      'href',
      '/error-test',
    );
    await view.user.click(screen.getByRole('button', { name: 'Show all types' }));
    expect(await screen.findByRole('heading', { name: 'No events recorded.' })).toBeInTheDocument();
    expect(view.router.state.location.search).toBe('?tab=events');
  });
});
