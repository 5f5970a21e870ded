import type { CurrentUserDto, SessionStateDto } from '@castline/shared';
import { SHELL_MESSAGES } from '@castline/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from '../../lib/router';
import { describe, expect, it, vi } from 'vitest';
import { formatBadgeCount } from '../../components/ui/badge';
import { OPEN_CREATE_POST_FLAG } from '../../features/forum/create-post-flag';
import { DEBUG_MODE_KEY } from '../../lib/debug-mode';
import { FakeWebSocket } from '../../lib/realtime/testing/fake-web-socket';
import * as navigation from '../../lib/navigation';
import { storeSessionMessage } from '../../lib/session-messages';
import { mockServer } from '../../test/fetch-mock';
import { guestSession, member, memberSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { RootLayout } from '../layouts/root-layout';
import { CONNECTION_TEXTS } from './connection-bar';

const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    children: [
      { index: true, element: <h1>Start page</h1> },
      { path: 'forum', element: <h1>Forum page</h1> },
      { path: 'messages', element: <h1>Messages page</h1> },
      { path: 'auth/login', element: <h1>Sign-in page</h1> },
    ],
  },
];

function sessionFor(user: Partial<CurrentUserDto>): SessionStateDto {
  return { ...memberSession, user: { ...member, ...user } };
}

function show(path: string, session: SessionStateDto, extra: Parameters<typeof mockServer>[0] = {}) {
  const server = mockServer({ 'GET /api/auth/session': { body: session }, ...extra });
  return { server, ...renderApp(path, { routes }) };
}

describe('desktop header', () => {
  it('offers a guest the public nav and a Sign In dialog that switches to sign-up and reset', async () => {
    const { user } = show('/', guestSession);
    const header = await screen.findByRole('banner');

    const nav = within(header).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Marketplace' })).toHaveAttribute('href', '/marketplace');
    expect(within(nav).getByRole('link', { name: 'Community' })).toHaveAttribute('href', '/forum');
    expect(within(nav).queryByRole('link', { name: 'List My Gear' })).not.toBeInTheDocument();
    expect(within(header).getByRole('link', { name: /Early Access/ })).toHaveAttribute(
      'href',
      '/early-access-info',
    );

    await user.click(await within(header).findByRole('button', { name: 'Sign In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome Back' });
    await user.click(within(dialog).getByRole('button', { name: 'Create an account' }));
    const signUp = await screen.findByRole('dialog', { name: 'Create your account' });
    await user.click(within(signUp).getByRole('button', { name: 'Sign in instead' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Forgot password?' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Reset your password' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('signs a guest in from the dialog and keeps them on the page', async () => {
    const signedIn = sessionFor({ username: 'reel_rita' });
    const { user, router } = show('/forum', guestSession, {
      'POST /api/auth/sign-in': { body: { user: signedIn.user, session: signedIn.session } },
    });

    await user.click(
      await within(await screen.findByRole('banner')).findByRole('button', { name: 'Sign In' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Welcome Back' });
    await user.type(within(dialog).getByLabelText('Email', { exact: true }), 'rita@castline.test');
    await user.type(within(dialog).getByLabelText('Password', { exact: true }), 'castline-demo');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('button', { name: 'reel_rita' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forum');
  });

  it.each([
    [
      'a member',
      {},
      ['Profile', 'Messages', 'Orders', 'Dashboard', 'Settings', 'Sign Out'],
      ['Admin', "Captain's Club"],
    ],
    ['a captain', { is_captain: true }, ["Captain's Club"], ['Admin']],
    ['an admin', { is_admin: true, role: 'admin' as const }, ['Admin'], ["Captain's Club"]],
  ])('shows %s the menu items that are theirs', async (_who, flags, present, absent) => {
    const { user } = show('/', sessionFor(flags));
    expect(await screen.findByRole('link', { name: 'List My Gear' })).toHaveAttribute(
      'href',
      '/marketplace/new',
    );

    await user.click(
      await within(screen.getByRole('banner')).findByRole('button', { name: member.username }),
    );
    const menu = await screen.findByRole('menu');
    for (const name of present) expect(within(menu).getByRole('menuitem', { name })).toBeInTheDocument();
    for (const name of absent) expect(within(menu).queryByRole('menuitem', { name })).not.toBeInTheDocument();
  });

  it('opens the member menu from the keyboard on its first use, on the first item', async () => {
    const { user } = show('/', memberSession);
    const trigger = await within(await screen.findByRole('banner')).findByRole('button', {
      name: member.username,
    });
    trigger.focus();
    await user.keyboard('{Enter}');

    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Messages' })).toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(within(screen.getByRole('banner')).getByRole('button', { name: member.username })).toHaveFocus();
  });

  it('signs out from the menu: ends the session, clears the cache and reloads at /', async () => {
    const redirect = vi.spyOn(navigation, 'hardRedirect').mockImplementation(() => {});
    const { user, server, queryClient } = show('/messages', memberSession, {
      'POST /api/auth/sign-out': { body: { message: 'You have been signed out.' } },
    });

    await user.click(
      await within(await screen.findByRole('banner')).findByRole('button', { name: member.username }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));

    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/'));
    expect(server.calls('POST', '/api/auth/sign-out')).toHaveLength(1);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('is not shown on account pages, nor is the bottom bar', async () => {
    show('/auth/login', guestSession);
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Quick navigation' })).not.toBeInTheDocument();
  });
});

describe('mobile menu and bottom bar', () => {
  it('sends a guest to sign in from Sell and Profile', async () => {
    show('/', guestSession);
    const bar = await screen.findByRole('navigation', { name: 'Quick navigation' });
    expect(within(bar).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(bar).getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/marketplace');
    expect(within(bar).getByRole('link', { name: 'Sell' })).toHaveAttribute('href', '/auth/login');
    expect(within(bar).getByRole('link', { name: 'Forum' })).toHaveAttribute('href', '/forum');
    expect(within(bar).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/auth/login');
    // Messages joins the spec's five (decision 0019).
    expect(within(bar).getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/auth/login');
  });

  it('takes a member to selling and their profile', async () => {
    show('/', memberSession);
    const bar = await screen.findByRole('navigation', { name: 'Quick navigation' });
    await waitFor(() =>
      expect(within(bar).getByRole('link', { name: 'Sell' })).toHaveAttribute('href', '/marketplace/new'),
    );
    expect(within(bar).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  });

  it('shows a member card, the active tile, admin and captain links, and Create Post', async () => {
    const { user, router } = show('/messages', sessionFor({ is_admin: true, is_captain: true }));
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });

    expect(within(menu).getByText(member.email)).toBeInTheDocument();
    const tiles = within(menu).getByRole('navigation', { name: 'Shortcuts' });
    expect(within(tiles).getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
    expect(within(tiles).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(within(tiles).getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(within(menu).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
    expect(within(menu).getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
    expect(within(menu).getByRole('link', { name: "Captain's Club" })).toHaveAttribute(
      'href',
      '/captains-club',
    );

    await user.click(within(menu).getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByRole('heading', { name: 'Forum page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forum');
    expect(window.localStorage.getItem(OPEN_CREATE_POST_FLAG)).not.toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("offers a guest 'Sign In / Sign Up', which opens the sign-in dialog", async () => {
    const { user } = show('/', guestSession);
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(await screen.findByRole('button', { name: 'Sign In / Sign Up' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
  });
});

describe('global banner, badges and debug mode', () => {
  it('shows a stored message within the 2 s re-check, with Sign In and Dismiss', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    show('/', guestSession);
    expect(await screen.findByRole('heading', { name: 'Start page' })).toBeInTheDocument();
    expect(screen.queryByText(SHELL_MESSAGES.sessionExpired)).not.toBeInTheDocument();

    storeSessionMessage('sessionExpired', SHELL_MESSAGES.sessionExpired);
    await act(() => vi.advanceTimersByTimeAsync(2000));

    const banner = screen.getByText(SHELL_MESSAGES.sessionExpired).closest('[role="alert"]') as HTMLElement;
    expect(within(banner).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    within(banner).getByRole('button', { name: 'Dismiss' }).click();
    await waitFor(() => expect(screen.queryByText(SHELL_MESSAGES.sessionExpired)).not.toBeInTheDocument());
    expect(window.sessionStorage.length).toBe(0);
  });

  it('shows 9+ above 9', () => {
    expect(formatBadgeCount(3)).toBe('3');
    expect(formatBadgeCount(9)).toBe('9');
    expect(formatBadgeCount(10)).toBe('9+');
  });

  it('turns debug mode on with ?debug=true and remembers it', async () => {
    const { router } = show('/?debug=true', guestSession);
    expect(await screen.findByRole('complementary', { name: 'Debug information' })).toBeInTheDocument();
    expect(window.localStorage.getItem(DEBUG_MODE_KEY)).toBe('true');

    await act(() => router.navigate('/forum'));
    expect(screen.getByRole('complementary', { name: 'Debug information' })).toHaveTextContent('/forum');

    await act(() => router.navigate('/?debug=false'));
    await waitFor(() =>
      expect(screen.queryByRole('complementary', { name: 'Debug information' })).not.toBeInTheDocument(),
    );
  });
});

describe('unread badges and the notifications bell', () => {
  const unread = { 'GET /api/me/unread': { body: { messages: 12, notifications: 3 } } };

  it('puts a dot on the avatar and 9+ on Messages in the menu', async () => {
    const { user } = show('/', memberSession, unread);

    const trigger = await within(await screen.findByRole('banner')).findByRole('button', {
      name: `${member.username}, unread messages`,
    });
    await user.click(trigger);
    const messages = within(await screen.findByRole('menuitem', { name: 'Messages 12 unread messages' }));
    expect(messages.getByText('9+')).toBeInTheDocument();
    expect(messages.getByText('12 unread messages')).toBeInTheDocument();
  });

  it('shows no dot or badge when nothing is unread', async () => {
    const { user } = show('/', memberSession, {
      'GET /api/me/unread': { body: { messages: 0, notifications: 0 } },
    });

    const trigger = await within(await screen.findByRole('banner')).findByRole('button', {
      name: member.username,
    });
    await user.click(trigger);
    expect(await screen.findByRole('menuitem', { name: 'Messages' })).toBeInTheDocument();
  });

  it('links to Messages from the header and the bottom bar, named with the unread count', async () => {
    show('/', memberSession, unread);
    const header = within(await screen.findByRole('banner'));
    expect(await header.findByRole('link', { name: 'Messages, 9+ unread' })).toHaveAttribute(
      'href',
      '/messages',
    );
    const bar = within(screen.getByRole('navigation', { name: 'Quick navigation' }));
    expect(bar.getByRole('link', { name: 'Messages, 9+ unread' })).toHaveAttribute('href', '/messages');
  });

  it('counts unread messages and notifications on the phone tiles', async () => {
    const { user } = show('/', memberSession, unread);

    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const tiles = within(
      within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('navigation', {
        name: 'Shortcuts',
      }),
    );
    const messages = await tiles.findByRole('link', { name: 'Messages 12 unread messages' });
    expect(within(messages).getByText('9+')).toBeInTheDocument();
    const alerts = tiles.getByRole('link', { name: 'Notifications 3 unread notifications' });
    expect(within(alerts).getByText('3')).toBeInTheDocument();
    expect(tiles.getByRole('link', { name: 'Home' })).toBeInTheDocument();
  });

  it('has the notifications bell for members only', async () => {
    show('/', memberSession, unread);
    const header = await screen.findByRole('banner');
    expect(
      await within(header).findByRole('button', { name: 'Notifications, 3 unread' }),
    ).toBeInTheDocument();
  });

  it('has no bell for a guest', async () => {
    show('/', guestSession);
    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
  });
});

describe('live connection', () => {
  function connectFake() {
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
  }

  it('opens no connection for a guest', async () => {
    connectFake();
    show('/', guestSession);
    expect(await screen.findByRole('heading', { name: 'Start page' })).toBeInTheDocument();
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('says when it is reconnecting, and offers Retry once it has given up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    connectFake();
    const { user } = show('/', memberSession);

    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    act(() => FakeWebSocket.latest().open());
    expect(screen.queryByText(CONNECTION_TEXTS.reconnecting)).not.toBeInTheDocument();

    act(() => FakeWebSocket.latest().drop());
    expect(await screen.findByText(CONNECTION_TEXTS.reconnecting)).toBeInTheDocument();
    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      await act(() => vi.advanceTimersByTimeAsync(delay));
      act(() => FakeWebSocket.latest().drop());
    }

    expect(await screen.findByText(CONNECTION_TEXTS.offline)).toBeInTheDocument();
    const attempts = FakeWebSocket.instances.length;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(FakeWebSocket.instances).toHaveLength(attempts + 1);
    expect(await screen.findByText(CONNECTION_TEXTS.reconnecting)).toBeInTheDocument();

    act(() => FakeWebSocket.latest().open());
    await waitFor(() => expect(screen.queryByText(CONNECTION_TEXTS.reconnecting)).not.toBeInTheDocument());
    expect(screen.queryByText(CONNECTION_TEXTS.offline)).not.toBeInTheDocument();
  });
});
