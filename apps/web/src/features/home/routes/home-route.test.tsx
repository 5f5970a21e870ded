import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as navigation from '../../../lib/navigation';
import { mockServer } from '../../../test/fetch-mock';
import { currentDevice, guestSession, member, memberSession, otherDevice } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

/** The start page's listing rows, empty (home-listing-rows.test.tsx covers them). */
const NO_HOME_ROWS = {
  'GET /api/listings/home': { body: { featured: [], newest: [], recentlySold: [] } },
};

describe('home page', () => {
  it('welcomes a guest with links to sign in and to create an account', async () => {
    mockServer({ 'GET /api/auth/session': { body: guestSession }, ...NO_HOME_ROWS });
    renderApp('/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Buy, sell and talk fishing gear.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/auth/signup');
  });

  it('greets a member and lists their sessions', async () => {
    mockServer({
      'GET /api/auth/session': { body: memberSession },
      ...NO_HOME_ROWS,
      'GET /api/auth/sessions': { body: { items: [currentDevice, otherDevice], total: 2 } },
    });
    renderApp('/');

    expect(
      await screen.findByRole('heading', { name: `Good to see you, ${member.username}` }),
    ).toBeInTheDocument();
    expect(screen.getByText(member.email)).toBeInTheDocument();

    const panel = screen.getByRole('region', { name: 'Your sessions' });
    const rows = await within(panel).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [current, other] = rows as [HTMLElement, HTMLElement];
    expect(current).toHaveTextContent('Chrome on Windows');
    expect(current).toHaveTextContent('This device');
    expect(current).toHaveTextContent('203.0.113.7');
    expect(current).toHaveTextContent('Last active just now');
    expect(within(current).queryByRole('button', { name: 'End session' })).not.toBeInTheDocument();
    expect(other).toHaveTextContent('Safari on iPhone');
    expect(other).toHaveTextContent('198.51.100.23');
    expect(other).not.toHaveTextContent('This device');
    expect(within(other).getByRole('button', { name: 'End session' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Sign out other sessions' })).toBeInTheDocument();
  });

  it('shows the member’s avatar when they have one', async () => {
    mockServer({
      'GET /api/auth/session': {
        body: { ...memberSession, user: { ...member, avatar_url: '/files/avatars/u_1.svg' } },
      },
      ...NO_HOME_ROWS,
      'GET /api/auth/sessions': { body: { items: [currentDevice], total: 1 } },
    });
    const { container } = renderApp('/');

    await screen.findByRole('heading', { name: `Good to see you, ${member.username}` });
    expect(container.querySelector('img')).toHaveAttribute('src', '/files/avatars/u_1.svg');
  });

  it('ends another session and refreshes the list', async () => {
    let items = [currentDevice, otherDevice];
    const server = mockServer({
      'GET /api/auth/session': { body: memberSession },
      ...NO_HOME_ROWS,
      'GET /api/auth/sessions': () => ({ body: { items, total: items.length } }),
      [`DELETE /api/auth/sessions/${otherDevice.id}`]: () => {
        items = [currentDevice];
        return { body: { message: 'Session ended', current: false } };
      },
    });
    const { user } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'End session' }));

    expect(await screen.findByText('Session ended')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument());
    expect(server.calls('DELETE', `/api/auth/sessions/${otherDevice.id}`)).toHaveLength(1);
  });

  it('signs out other sessions', async () => {
    let items = [currentDevice, otherDevice];
    const server = mockServer({
      'GET /api/auth/session': { body: memberSession },
      ...NO_HOME_ROWS,
      'GET /api/auth/sessions': () => ({ body: { items, total: items.length } }),
      'POST /api/auth/sessions/revoke-others': () => {
        items = [currentDevice];
        return { body: { message: '1 other session ended', revoked: 1 } };
      },
    });
    const { user } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Sign out other sessions' }));

    expect(await screen.findByText('1 other session ended')).toBeInTheDocument();
    const [request] = server.calls('POST', '/api/auth/sessions/revoke-others');
    expect(request?.rawBody).toBeUndefined();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Sign out other sessions' })).not.toBeInTheDocument(),
    );
  });

  it('signs out with an empty request, clears cached data and reloads at the start page', async () => {
    const redirect = vi.spyOn(navigation, 'hardRedirect').mockImplementation(() => {});
    const server = mockServer({
      'GET /api/auth/session': { body: memberSession },
      ...NO_HOME_ROWS,
      'GET /api/auth/sessions': { body: { items: [currentDevice], total: 1 } },
      'POST /api/auth/sign-out': { body: { message: 'You have been signed out.' } },
    });
    const { user, queryClient } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));

    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/'));
    const [request] = server.calls('POST', '/api/auth/sign-out');
    expect(request?.rawBody).toBeUndefined();
    expect(request?.headers).not.toHaveProperty('content-type');
    expect(queryClient.getQueryData(['auth', 'session'])).toBeUndefined();
  });
});
