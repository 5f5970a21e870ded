import type { SessionStateDto } from '@castline/shared';
import { ALERT_MESSAGES } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { guestSession, member, memberSession } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { useListingFilters } from '../../listings/components/listing-filters/use-listing-filters';
import { buildAlert } from '../api/alert-fixtures';
import { SaveSearchButton } from './save-search-dialog';

type Server = NonNullable<Parameters<typeof renderRoute>[1]>['server'];

/** The button as the marketplace uses it: with the filters of the address. */
function MarketplaceSearch() {
  const { filters } = useListingFilters();
  return <SaveSearchButton filters={filters} />;
}

/** Saved searches are the Captain's Club's: the member saving one is a captain unless a test says otherwise. */
const captainSession: SessionStateDto = { ...memberSession, user: { ...member, is_captain: true } };

function renderAt(search: string, server: Server = {}, session: SessionStateDto = captainSession) {
  return renderRoute(<MarketplaceSearch />, {
    path: '/marketplace',
    initialEntry: `/marketplace${search}`,
    session,
    server,
  });
}

async function openDialog(user: ReturnType<typeof renderAt>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Save search' }));
  return screen.findByRole('dialog', { name: 'Save search' });
}

describe('save search', () => {
  it('names the search, shows what it matches and saves it as an alert', async () => {
    const { user, server } = renderAt('?category=reels&brand=Shimano&price=-200&sort=price_asc', {
      'POST /api/alerts': { status: 201, body: buildAlert() },
    });
    const dialog = await openDialog(user);

    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Shimano reels under $200');
    const chips = within(dialog).getByRole('list', { name: 'Alert filters' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Reels', 'Up to $200', 'Brand: Shimano']);
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));

    expect(await screen.findByText(ALERT_MESSAGES.saved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST', '/api/alerts')[0]?.body).toEqual({
      name: 'Shimano reels under $200',
      filters: { category: ['reels'], brand: 'Shimano', price_max: 200 },
      is_active: true,
    });
  });

  it('maps a place search and a free-text search', async () => {
    const { user, server } = renderAt(
      '?q=fly%20line&near=Bend%2C%20OR&lat=44.06&lng=-121.31&radius=25&condition=new',
      {
        'POST /api/alerts': { status: 201, body: buildAlert() },
      },
    );
    const dialog = await openDialog(user);

    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('New fly line within 25 mi of Bend, OR');
    await user.clear(name);
    await user.type(name, 'Fly lines near home');
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));

    await waitFor(() => expect(server.calls('POST', '/api/alerts')).toHaveLength(1));
    expect(server.calls('POST', '/api/alerts')[0]?.body).toEqual({
      name: 'Fly lines near home',
      filters: {
        q: 'fly line',
        condition: ['new'],
        lat: 44.06,
        lng: -121.31,
        radius: 25,
        location: 'Bend, OR',
      },
      is_active: true,
    });
  });

  it('says which filters an alert leaves out', async () => {
    const { user } = renderAt('?category=rods&rod_power=Medium&featured=true&sold=true');
    const dialog = await openDialog(user);

    expect(dialog).toHaveTextContent('Not part of saved searches: Sold.');
    expect(dialog).not.toHaveTextContent('Power: Medium,');
  });

  it('refuses a search with nothing to match', async () => {
    const { user, server } = renderAt('?sort=oldest');
    const dialog = await openDialog(user);

    expect(within(dialog).getByRole('alert')).toHaveTextContent(ALERT_MESSAGES.filtersRequired);
    expect(within(dialog).queryByRole('button', { name: 'Save search' })).not.toBeInTheDocument();
    expect(server.calls('POST', '/api/alerts')).toHaveLength(0);
  });

  it('needs a name', async () => {
    const { user, server } = renderAt('?brand=Penn');
    const dialog = await openDialog(user);

    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(within(dialog).getByText(ALERT_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(name).toHaveFocus();

    await user.type(name, 'x'.repeat(61));
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(within(dialog).getByText(ALERT_MESSAGES.nameTooLong)).toBeInTheDocument();
    expect(server.calls('POST', '/api/alerts')).toHaveLength(0);
  });

  it("shows the server's reason when the alert cannot be saved", async () => {
    const { user } = renderAt('?brand=Penn', {
      'POST /api/alerts': apiError(409, 'CONFLICT', ALERT_MESSAGES.tooMany),
    });
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.tooMany);
  });

  it("tells a member outside the Captain's Club that saved searches are for captains, before they type anything", async () => {
    const { user, server } = renderAt('?category=reels', {}, memberSession);
    const dialog = await openDialog(user);
    expect(within(dialog).getByText("The Captain's Club is open to captains only.")).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST', '/api/alerts')).toHaveLength(0);
  });

  it('asks a guest to sign in and brings them back to the search', async () => {
    const { user, router } = renderAt('?brand=Penn', {}, guestSession);

    await user.click(await screen.findByRole('button', { name: 'Save search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.state).toMatchObject({
      from: { pathname: '/marketplace', search: '?brand=Penn' },
    });
  });
});
