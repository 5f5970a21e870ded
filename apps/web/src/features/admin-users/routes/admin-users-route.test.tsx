import type { AdminUserListDto, CurrentUserDto } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../test/fetch-mock';
import { apiError } from '../../../test/fetch-mock';
import { memberSession } from '../../../test/fixtures';
import { heldAnswer, renderRoute } from '../../../test/render-route';
import { adminViewer, bannedSummary, memberSummary } from '../api/admin-users-fixtures';
import { AdminUsersRoute } from './admin-users-route';

function listOf(users: AdminUserListDto['users'], total = users.length, page = 1): AdminUserListDto {
  return { users, total, page, pageSize: 10 };
}

function renderList(
  server: NonNullable<Parameters<typeof renderRoute>[1]>['server'],
  initialEntry = '/admin/users',
  viewer: CurrentUserDto = adminViewer,
) {
  return renderRoute(<AdminUsersRoute />, {
    path: '/admin/users',
    initialEntry,
    session: { ...memberSession, user: viewer },
    server,
  });
}

/** The query string of each list request, as a plain object. */
function queries(_requests: RecordedRequest[], fetchMock: { mock: { calls: unknown[][] } }) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/users')
    .map((url) => Object.fromEntries(url.searchParams.entries()));
}

describe('admin members list', () => {
  it('shows the members with their role, status and join date, linking to each', async () => {
    const held = heldAnswer({ body: listOf([memberSummary, bannedSummary], 2) });
    const view = renderList({ 'GET /api/admin/users': held.route });

    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading members' })).toBeInTheDocument();
    held.release();

    const table = within(await screen.findByRole('table', { name: 'Members' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByRole('link', { name: 'trout_tamer (Tara Trout)' })).toHaveAttribute(
      'href',
      `/admin/users/${memberSummary.id}`,
    );
    expect(first.getByText('trout@castline.test')).toBeInTheDocument();
    expect(first.getByText('Member')).toBeInTheDocument();
    expect(first.getByText('Active')).toBeInTheDocument();
    expect(first.getByText('March 4, 2025')).toBeInTheDocument();
    const second = within(rows[1]!);
    expect(second.getByText(/Banned until/)).toHaveTextContent('Banned until Jun 1, 2099');
    expect(second.getByRole('link', { name: 'View pike_poacher' })).toHaveAttribute(
      'href',
      `/admin/users/${bannedSummary.id}`,
    );

    // The phone layout: the same members as cards.
    const cards = within(screen.getByRole('list', { name: 'Members' }));
    expect(cards.getAllByRole('listitem')).toHaveLength(2);
    expect(cards.getByRole('link', { name: 'trout_tamer' })).toHaveAttribute(
      'href',
      `/admin/users/${memberSummary.id}`,
    );
    expect(screen.getByText('2 members')).toBeInTheDocument();
    expect(queries(view.server.requests, view.server.fetch)[0]).toEqual({ page: '1', pageSize: '10' });
    await waitFor(() => expect(document.title).toBe('Members · Castline'));
  });

  it('sends the search, filters and page from the address and keeps changes in it', async () => {
    const view = renderList(
      { 'GET /api/admin/users': { body: listOf([memberSummary], 25, 2) } },
      '/admin/users?q=trout&role=user&status=active&page=2',
    );

    await screen.findByRole('table', { name: 'Members' });
    expect(queries(view.server.requests, view.server.fetch)[0]).toEqual({
      q: 'trout',
      role: 'user',
      status: 'active',
      page: '2',
      pageSize: '10',
    });
    expect(screen.getByRole('searchbox', { name: 'Search members' })).toHaveValue('trout');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('user');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('active');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(view.router.state.location.search).toBe('?q=trout&role=user&status=active&page=3'),
    );
    await waitFor(() => expect(queries(view.server.requests, view.server.fetch).at(-1)?.page).toBe('3'));

    // A new filter starts again at page 1.
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'banned');
    await waitFor(() => expect(view.router.state.location.search).toBe('?q=trout&role=user&status=banned'));
    await waitFor(() =>
      expect(queries(view.server.requests, view.server.fetch).at(-1)).toEqual({
        q: 'trout',
        role: 'user',
        status: 'banned',
        page: '1',
        pageSize: '10',
      }),
    );

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'All roles');
    await waitFor(() => expect(view.router.state.location.search).toBe('?q=trout&status=banned'));
  });

  it('searches a moment after typing stops', async () => {
    const view = renderList({ 'GET /api/admin/users': { body: listOf([memberSummary]) } });
    await screen.findByRole('table', { name: 'Members' });

    await view.user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'tara@');
    await waitFor(() => expect(view.router.state.location.search).toBe('?q=tara%40'));
    await waitFor(() =>
      expect(queries(view.server.requests, view.server.fetch).at(-1)).toEqual({
        q: 'tara@',
        page: '1',
        pageSize: '10',
      }),
    );
    // One request for the whole word, not one per keystroke.
    expect(queries(view.server.requests, view.server.fetch).filter((query) => query.q)).toHaveLength(1);
  });

  it('says when no member matches and clears the filters', async () => {
    let answer = listOf([]);
    const view = renderList(
      { 'GET /api/admin/users': () => ({ body: answer }) },
      '/admin/users?q=walleye&role=moderator',
    );

    expect(
      await screen.findByRole('heading', { name: 'No members match “walleye”, role Moderator' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    answer = listOf([memberSummary]);

    await view.user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(view.router.state.location.search).toBe(''));
    expect(await screen.findByRole('table', { name: 'Members' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search members' })).toHaveValue('');
    expect(queries(view.server.requests, view.server.fetch).at(-1)).toEqual({ page: '1', pageSize: '10' });
  });

  it('shows why the list could not load and tries again', async () => {
    let fail = true;
    const view = renderList({
      'GET /api/admin/users': () =>
        fail
          ? apiError(500, 'INTERNAL', 'Something went wrong on our side')
          : { body: listOf([memberSummary]) },
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The members could not be loaded');
    expect(alert).toHaveTextContent('Something went wrong on our side');
    fail = false;
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Members' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
