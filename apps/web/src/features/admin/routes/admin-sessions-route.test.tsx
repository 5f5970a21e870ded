import type { AdminSessionDto, AdminSessionListDto, CurrentUserDto } from '@castline/shared';
import { ROLE_PERMISSIONS } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { member, memberSession } from '../../../test/fixtures';
import { heldAnswer, renderRoute } from '../../../test/render-route';
import { AdminSessionsRoute } from './admin-sessions-route';

const support: CurrentUserDto = {
  ...member,
  is_admin: true,
  role: 'support',
  permissions: [...ROLE_PERMISSIONS.support],
};

function session(index: number, overrides: Partial<AdminSessionDto> = {}): AdminSessionDto {
  const id = `0b7d6c1e-${String(index).padStart(4, '0')}-4a5b-9c8d-000000000000`;
  return {
    id,
    user_id: `7c9e6679-7425-40de-944b-${String(index).padStart(12, '0')}`,
    username: `angler_${index}`,
    email: `angler${index}@castline.test`,
    ip_address: '203.0.113.7',
    user_agent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    created_at: '2025-01-01T10:00:00.000Z',
    last_activity_at: new Date().toISOString(),
    expires_at: '2099-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function listOf(sessions: AdminSessionDto[], total = sessions.length, page = 1): AdminSessionListDto {
  return { sessions, total, page, pageSize: 10 };
}

/** The distinct query strings of GET /api/admin/sessions, in order. */
function sessionQueries(server: ReturnType<typeof renderRoute>['server']) {
  const searches = server.fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/sessions')
    .map((url) => url.search);
  return [...new Set(searches)];
}

function renderPage(
  server: NonNullable<Parameters<typeof renderRoute>[1]>['server'],
  initialEntry = '/admin/sessions',
) {
  return renderRoute(<AdminSessionsRoute />, {
    path: '/admin/sessions',
    initialEntry,
    session: { ...memberSession, user: support },
    server,
  });
}

describe('admin sessions', () => {
  it('lists sessions with member, device, address and times', async () => {
    const held = heldAnswer({
      body: listOf([session(1), session(2, { user_agent: null, ip_address: null })]),
    });
    renderPage({ 'GET /api/admin/sessions': held.route });

    expect(screen.getByRole('heading', { level: 1, name: 'Sessions' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading sessions' })).toBeInTheDocument();
    held.release();

    const list = await screen.findByRole('list', { name: 'Sessions' });
    const [first, second] = within(list).getAllByRole('listitem');
    if (!first || !second) throw new Error('two sessions expected');
    // Each session is headed one level under the page's h1.
    expect(within(first).getByRole('heading', { level: 2, name: '@angler_1' })).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: '@angler_1' })).toHaveAttribute(
      'href',
      '/admin/users/7c9e6679-7425-40de-944b-000000000001',
    );
    expect(first).toHaveTextContent('angler1@castline.test');
    expect(first).toHaveTextContent('Chrome on Windows');
    expect(first).toHaveTextContent('203.0.113.7');
    expect(first).toHaveTextContent('just now');
    expect(second).toHaveTextContent('Unknown device');
    expect(second).toHaveTextContent('Not recorded');
    expect(screen.getByText('2 active sessions, latest activity first.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Session pages' })).not.toBeInTheDocument();
  });

  it('pages through the sessions with the page in the address', async () => {
    const { server, user, router } = renderPage({
      'GET /api/admin/sessions': () => ({ body: listOf([session(1)], 23) }),
    });

    const pages = await screen.findByRole('navigation', { name: 'Session pages' });
    expect(pages).toHaveTextContent('Page 1 of 3');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(sessionQueries(server).at(-1)).toBe('?page=2&pageSize=10'));
    expect(sessionQueries(server)[0]).toBe('?page=1&pageSize=10');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('opens on the page from the address', async () => {
    const { server } = renderPage(
      { 'GET /api/admin/sessions': { body: listOf([session(11)], 12, 2) } },
      '/admin/sessions?page=2',
    );

    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(sessionQueries(server)).toEqual(['?page=2&pageSize=10']);
  });

  it('terminates a session after confirming, then refreshes the list', async () => {
    let sessions = [session(1), session(2)];
    const { server, user } = renderPage({
      'GET /api/admin/sessions': () => ({ body: listOf(sessions) }),
      [`DELETE /api/admin/sessions/${session(1).id}`]: () => {
        sessions = [session(2)];
        return { body: { message: 'Session terminated' } };
      },
    });

    await user.click(
      await screen.findByRole('button', { name: 'Terminate the session of @angler_1 on Chrome on Windows' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Terminate this session?' });
    expect(dialog).toHaveTextContent('@angler_1 will be signed out on Chrome on Windows.');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls('DELETE', `/api/admin/sessions/${session(1).id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /^Terminate the session of @angler_1/ }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Terminate session' }),
    );

    expect(await screen.findByText('Session terminated')).toBeInTheDocument();
    expect(server.calls('DELETE', `/api/admin/sessions/${session(1).id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('link', { name: '@angler_1' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: '@angler_2' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says when terminating failed', async () => {
    const { user } = renderPage({
      'GET /api/admin/sessions': { body: listOf([session(1)]) },
      [`DELETE /api/admin/sessions/${session(1).id}`]: apiError(404, 'NOT_FOUND', 'Session not found'),
    });

    await user.click(await screen.findByRole('button', { name: /^Terminate the session of @angler_1/ }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Terminate session' }),
    );

    expect(await screen.findByText('Session not found')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('warns before ending your own session', async () => {
    const own = session(3);
    const { user } = renderRoute(<AdminSessionsRoute />, {
      path: '/admin/sessions',
      session: { user: support, session: { id: own.id, expiresAt: '2099-01-01T00:00:00.000Z' } },
      server: { 'GET /api/admin/sessions': { body: listOf([own, session(4)]) } },
    });

    expect(await screen.findByText('This session')).toBeInTheDocument();
    expect(screen.getAllByText('This session')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: /^Terminate the session of @angler_3/ }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'This is your own session: you will be signed out of this browser.',
    );
  });

  it('shows the empty and the error states', async () => {
    const { unmount } = renderPage({ 'GET /api/admin/sessions': { body: listOf([]) } });
    expect(await screen.findByRole('heading', { name: 'No active sessions' })).toBeInTheDocument();
    unmount();

    let fail = true;
    const { user } = renderPage({
      'GET /api/admin/sessions': () =>
        fail
          ? apiError(500, 'INTERNAL', 'An unexpected error occurred. Please try again.')
          : { body: listOf([session(1)]) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An unexpected error occurred. Please try again.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: '@angler_1' })).toBeInTheDocument();
  });
});
