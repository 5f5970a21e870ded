import type { ListingAlertDto } from '@castline/shared';
import { ALERT_MESSAGES } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { renderRoute } from '../../../test/render-route';
import { currentQuery } from '../../listings/api/listing-queries.fixtures';
import { buildAlert, buildMatch, matchPage } from '../api/alert-fixtures';
import { AlertMatches } from './alert-matches';
import { AlertsManager } from './alerts-manager';

type Server = NonNullable<Parameters<typeof renderRoute>[1]>['server'];

function renderManager(alerts: ListingAlertDto[], server: Server = {}) {
  return renderRoute(<AlertsManager />, {
    path: '/',
    server: { 'GET /api/alerts': { body: { items: alerts } }, ...server },
  });
}

async function card(name: string) {
  return screen.findByRole('article', { name });
}

describe('alerts manager', () => {
  it('lists each alert with its filters, matches and state', async () => {
    const active = buildAlert();
    const paused = buildAlert({
      name: 'Fly rods near Bend',
      filters: {
        category: ['rods'],
        gear_types: ['Fly Fishing'],
        lat: 44.06,
        lng: -121.31,
        radius: 25,
        location: 'Bend, OR',
      },
      is_active: false,
      match_count: 1,
      unread_count: 0,
    });
    renderManager([active, paused]);

    const first = await card('Shimano reels under $200');
    expect(first).toHaveTextContent('3 matches · 1 new');
    expect(
      within(within(first).getByRole('list', { name: 'Filters' }))
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Reels', 'Up to $200', 'Brand: Shimano']);
    expect(within(first).getByRole('switch', { name: 'Active' })).toHaveAttribute('aria-checked', 'true');
    expect(within(first).getByRole('link', { name: 'Open in marketplace' })).toHaveAttribute(
      'href',
      '/marketplace?category=reels&price=-200&brand=Shimano',
    );

    const second = await card('Fly rods near Bend');
    expect(second).toHaveTextContent('1 match');
    expect(second).not.toHaveTextContent('new');
    expect(within(second).getByRole('switch', { name: 'Active' })).toHaveAttribute('aria-checked', 'false');
    expect(second).toHaveTextContent('Paused');
    expect(within(second).getByRole('link', { name: 'Open in marketplace' })).toHaveAttribute(
      'href',
      '/marketplace?category=rods&gear_types=Fly Fishing&near=Bend, OR&lat=44.06&lng=-121.31&radius=25'.replace(
        / /g,
        '+',
      ),
    );
    expect(screen.getByText(/2 of 20 saved searches kept/)).toBeInTheDocument();
  });

  it('explains how to create an alert when there is none', async () => {
    renderManager([]);

    expect(await screen.findByRole('heading', { name: 'No saved searches yet' })).toBeInTheDocument();
    expect(screen.getByText(/choose “Save search”/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search the Marketplace' })).toHaveAttribute(
      'href',
      '/marketplace',
    );
  });

  it('pauses and resumes an alert', async () => {
    const alert = buildAlert();
    const { user, server } = renderManager([alert], {
      [`PATCH /api/alerts/${alert.id}`]: ({ body }) => ({ body: { ...alert, ...(body as object) } }),
    });

    const toggle = within(await card(alert.name)).getByRole('switch', { name: 'Active' });
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(server.calls('PATCH', `/api/alerts/${alert.id}`)[0]?.body).toEqual({ is_active: false });
    expect(await screen.findByText(`“${alert.name}” is paused`)).toBeInTheDocument();
  });

  it('puts the switch back when pausing fails', async () => {
    const alert = buildAlert();
    const { user } = renderManager([alert], {
      [`PATCH /api/alerts/${alert.id}`]: apiError(404, 'NOT_FOUND', ALERT_MESSAGES.notFound),
    });

    const toggle = within(await card(alert.name)).getByRole('switch', { name: 'Active' });
    await user.click(toggle);
    expect(await screen.findByText(ALERT_MESSAGES.notFound)).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });

  it('renames an alert', async () => {
    const alert = buildAlert();
    const { user, server } = renderManager([alert], {
      [`PATCH /api/alerts/${alert.id}`]: ({ body }) => ({ body: { ...alert, ...(body as object) } }),
    });

    await user.click(within(await card(alert.name)).getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename saved search' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(within(dialog).getByText(ALERT_MESSAGES.nameRequired)).toBeInTheDocument();

    await user.type(name, 'Stradic hunt');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await card('Stradic hunt')).toBeInTheDocument();
    expect(server.calls('PATCH', `/api/alerts/${alert.id}`)[0]?.body).toEqual({ name: 'Stradic hunt' });
  });

  it('deletes an alert after asking', async () => {
    const keep = buildAlert({ name: 'Penn gear' });
    const alert = buildAlert();
    let deleted = false;
    const { user, server } = renderManager([keep, alert], {
      'GET /api/alerts': () => ({ body: { items: deleted ? [keep] : [keep, alert] } }),
      [`DELETE /api/alerts/${alert.id}`]: () => {
        deleted = true;
        return { status: 204 };
      },
    });

    await user.click(within(await card(alert.name)).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this saved search?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(server.calls('DELETE', `/api/alerts/${alert.id}`)).toHaveLength(0);

    await user.click(within(await card(alert.name)).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this saved search?' })).getByRole('button', {
        name: 'Delete saved search',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('article', { name: alert.name })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Penn gear' })).toBeInTheDocument();
    expect(server.calls('DELETE', `/api/alerts/${alert.id}`)).toHaveLength(1);
    expect(await screen.findByText('Alert deleted')).toBeInTheDocument();
  });
});

describe('alert matches', () => {
  it('lists the matched listings newest first, marking new ones', async () => {
    const newest = buildMatch({
      listing: { ...buildMatch().listing, id: 'l_new', title: 'Penn Battle III 4000' },
    });
    const older = buildMatch({
      is_read: true,
      created_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    });
    renderRoute(<AlertMatches />, {
      path: '/',
      server: {
        'GET /api/alerts': { body: { items: [buildAlert()] } },
        'GET /api/alerts/matches': { body: matchPage([newest, older]) },
      },
    });

    const list = await screen.findByRole('list', { name: 'Matches' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Penn Battle III 4000' })).toHaveAttribute(
      'href',
      '/marketplace/l_new',
    );
    expect(rows[0]).toHaveTextContent('New');
    expect(rows[0]).toHaveTextContent('Matched “Shimano reels under $200”');
    expect(rows[0]).toHaveTextContent('$160');
    expect(within(rows[0]!).getByRole('button', { name: 'Mark read' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('2 days ago');
    expect(within(rows[1]!).queryByRole('button', { name: 'Mark read' })).not.toBeInTheDocument();
    expect(screen.getByText(/2 matches/)).toHaveTextContent('2 matches · 1 new');
  });

  it('marks a match read, and marks it when it is opened', async () => {
    const first = buildMatch();
    const second = buildMatch({ listing: { ...buildMatch().listing, id: 'l_two', title: 'Daiwa BG 3000' } });
    const { user, server, router } = renderRoute(<AlertMatches />, {
      path: '/',
      server: {
        'GET /api/alerts': { body: { items: [] } },
        'GET /api/alerts/matches': { body: matchPage([first, second]) },
        [`POST /api/alerts/matches/${first.id}/read`]: { body: { ...first, is_read: true } },
        [`POST /api/alerts/matches/${second.id}/read`]: { body: { ...second, is_read: true } },
        'GET /api/notifications': { body: { items: [], unread_count: 0 } },
      },
    });

    const list = await screen.findByRole('list', { name: 'Matches' });
    const row = within(list).getAllByRole('listitem')[0]!;
    await user.click(within(row).getByRole('button', { name: 'Mark read' }));
    await waitFor(() =>
      expect(within(row).queryByRole('button', { name: 'Mark read' })).not.toBeInTheDocument(),
    );
    expect(server.calls('POST', `/api/alerts/matches/${first.id}/read`)).toHaveLength(1);

    await user.click(within(list).getByRole('link', { name: 'Daiwa BG 3000' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace/l_two'));
    await waitFor(() =>
      expect(server.calls('POST', `/api/alerts/matches/${second.id}/read`)).toHaveLength(1),
    );
  });

  it('shows the matches of one alert', async () => {
    const reels = buildAlert({ name: 'Shimano reels under $200' });
    const flies = buildAlert({ name: 'Fly rods' });
    const { user, server } = renderRoute(<AlertMatches />, {
      path: '/',
      server: {
        'GET /api/alerts': { body: { items: [reels, flies] } },
        'GET /api/alerts/matches': () =>
          currentQuery().get('alert_id') === flies.id
            ? { body: matchPage([]) }
            : { body: matchPage([buildMatch()]) },
      },
    });

    await screen.findByRole('list', { name: 'Matches' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Alert' }), 'Fly rods');
    expect(await screen.findByRole('heading', { name: 'No matches yet' })).toBeInTheDocument();
    expect(server.fetch.mock.calls.some(([input]) => String(input).includes(`alert_id=${flies.id}`))).toBe(
      true,
    );
  });
});
