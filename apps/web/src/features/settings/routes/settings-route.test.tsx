import type {
  NotificationPreferencesDto,
  SessionStateDto,
  UpdateNotificationPreferencesBody,
} from '@castline/shared';
import { activeNotificationCategories, AUTH_MESSAGES, SETTINGS_MESSAGES } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockAnswer, RecordedRequest } from '../../../test/fetch-mock';
import { apiError } from '../../../test/fetch-mock';
import { currentDevice, member, memberSession, otherDevice } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { authKeys } from '../../../lib/session';
import { buildMember } from '../../profiles/api/profile-fixtures';
import { SettingsRoute } from './settings-route';

const PREFERENCES: NotificationPreferencesDto = {
  email_delivery: 'each',
  categories: activeNotificationCategories().map((category) => ({
    category,
    in_app: true,
    email: category === 'messages' || category === 'orders',
  })),
};

type Routes = Record<string, MockAnswer | ((request: RecordedRequest) => MockAnswer)>;

/** What every settings section loads, answered with nothing special. */
const QUIET: Routes = {
  'GET /api/auth/sessions': { body: { items: [currentDevice, otherDevice], total: 2 } },
  'GET /api/me/blocked': { body: { items: [] } },
  'GET /api/settings/notification-preferences': { body: PREFERENCES },
};

/** The settings page, once the session is known and the page is drawn. */
async function renderSettings(server: Routes = {}, session: SessionStateDto = memberSession) {
  const view = renderRoute(<SettingsRoute />, {
    path: '/settings',
    session,
    server: { ...QUIET, ...server },
  });
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return view;
}

function section(name: string) {
  return within(screen.getByRole('region', { name }));
}

describe('settings page', () => {
  it('shows the account, every section and the signed-in devices', async () => {
    await renderSettings();

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const account = section('Account');
    expect(account.getByText(member.username)).toBeInTheDocument();
    expect(account.getByText(member.email)).toBeInTheDocument();
    expect(account.getByText('Verified')).toBeInTheDocument();
    for (const name of [
      'Change password',
      'Change email',
      'Your sessions',
      'Blocked members',
      'Notifications',
      'Delete account',
    ]) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }

    const sessions = section('Your sessions');
    expect(await sessions.findAllByRole('listitem')).toHaveLength(2);
    expect(sessions.getByRole('button', { name: 'Sign out other sessions' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Settings · Castline'));
  });

  it('says when the email is not verified yet', async () => {
    await renderSettings({}, { ...memberSession, user: { ...member, emailVerified: false } });

    expect(await screen.findByText('Not verified')).toBeInTheDocument();
  });

  it('shows why the sessions could not be loaded', async () => {
    await renderSettings({
      'GET /api/auth/sessions': apiError(500, 'INTERNAL', 'An unexpected error occurred. Please try again.'),
    });

    expect(await section('Your sessions').findByRole('alert')).toHaveTextContent(
      'An unexpected error occurred. Please try again.',
    );
  });
});

describe('your sessions', () => {
  it('ends another session and refreshes the list', async () => {
    let items = [currentDevice, otherDevice];
    const { user, server } = await renderSettings({
      'GET /api/auth/sessions': () => ({ body: { items, total: items.length } }),
      [`DELETE /api/auth/sessions/${otherDevice.id}`]: () => {
        items = [currentDevice];
        return { body: { message: 'Session ended', current: false } };
      },
    });
    const sessions = section('Your sessions');
    const [current, other] = (await sessions.findAllByRole('listitem')) as [HTMLElement, HTMLElement];
    expect(current).toHaveTextContent('Chrome on Windows');
    expect(current).toHaveTextContent('This device');
    expect(current).toHaveTextContent('203.0.113.7');
    expect(within(current).queryByRole('button', { name: 'End session' })).not.toBeInTheDocument();
    expect(other).toHaveTextContent('Safari on iPhone');
    expect(other).toHaveTextContent('198.51.100.23');

    await user.click(within(other).getByRole('button', { name: 'End session' }));

    expect(await screen.findByText('Session ended')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument());
    expect(server.calls('DELETE', `/api/auth/sessions/${otherDevice.id}`)).toHaveLength(1);
  });

  it('signs out the other sessions with an empty request', async () => {
    let items = [currentDevice, otherDevice];
    const { user, server } = await renderSettings({
      'GET /api/auth/sessions': () => ({ body: { items, total: items.length } }),
      'POST /api/auth/sessions/revoke-others': () => {
        items = [currentDevice];
        return { body: { message: '1 other session ended', revoked: 1 } };
      },
    });

    await user.click(
      await section('Your sessions').findByRole('button', { name: 'Sign out other sessions' }),
    );

    expect(await screen.findByText('1 other session ended')).toBeInTheDocument();
    const [request] = server.calls('POST', '/api/auth/sessions/revoke-others');
    expect(request?.rawBody).toBeUndefined();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Sign out other sessions' })).not.toBeInTheDocument(),
    );
  });
});

describe('change password', () => {
  it('checks the new password twice before asking the server', async () => {
    const { user, server } = await renderSettings();
    const form = section('Change password');

    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(form.getByText(SETTINGS_MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    expect(form.getByText(AUTH_MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(form.getByLabelText('Current password')).toHaveFocus();

    await user.type(form.getByLabelText('Current password'), 'old-password');
    await user.type(form.getByLabelText('New password'), 'new-password-1');
    await user.type(form.getByLabelText('Confirm new password'), 'new-password-2');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(form.getByText(AUTH_MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(form.getByLabelText('Confirm new password')).toHaveFocus();
    expect(server.calls('POST', '/api/settings/password')).toHaveLength(0);
  });

  it('shows a wrong current password under its field', async () => {
    const { user, server } = await renderSettings({
      'POST /api/settings/password': apiError(
        400,
        'VALIDATION_FAILED',
        SETTINGS_MESSAGES.currentPasswordIncorrect,
        [{ path: 'current_password', message: SETTINGS_MESSAGES.currentPasswordIncorrect }],
      ),
    });
    const form = section('Change password');

    await user.type(form.getByLabelText('Current password'), 'not-my-password');
    await user.type(form.getByLabelText('New password'), 'new-password-1');
    await user.type(form.getByLabelText('Confirm new password'), 'new-password-1');
    await user.click(form.getByRole('button', { name: 'Change password' }));

    expect(await form.findByText(SETTINGS_MESSAGES.currentPasswordIncorrect)).toBeInTheDocument();
    expect(form.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText('Current password')).toHaveFocus();
    expect(server.calls('POST', '/api/settings/password')[0]?.body).toEqual({
      current_password: 'not-my-password',
      new_password: 'new-password-1',
    });
  });

  it('says the other sessions were signed out, empties the form and reloads the sessions', async () => {
    let devices = [currentDevice, otherDevice];
    const { user, server } = await renderSettings({
      'GET /api/auth/sessions': () => ({ body: { items: devices, total: devices.length } }),
      'POST /api/settings/password': () => {
        devices = [currentDevice];
        return { body: { message: SETTINGS_MESSAGES.passwordChanged } };
      },
    });
    const form = section('Change password');
    expect(await section('Your sessions').findAllByRole('listitem')).toHaveLength(2);
    const loadsBefore = server.calls('GET', '/api/auth/sessions').length;

    await user.type(form.getByLabelText('Current password'), 'old-password');
    await user.type(form.getByLabelText('New password'), 'new-password-1');
    await user.type(form.getByLabelText('Confirm new password'), 'new-password-1');
    await user.click(form.getByRole('button', { name: 'Change password' }));

    expect(await form.findByRole('status')).toHaveTextContent(
      'Your password has been changed. Your other sessions have been signed out.',
    );
    expect(form.getByLabelText('Current password')).toHaveValue('');
    expect(form.getByLabelText('New password')).toHaveValue('');
    await waitFor(() => expect(section('Your sessions').getAllByRole('listitem')).toHaveLength(1));
    expect(server.calls('GET', '/api/auth/sessions').length).toBeGreaterThan(loadsBefore);
  });
});

describe('change email', () => {
  it('says a confirmation link was sent to the new address', async () => {
    const { user, server } = await renderSettings({
      'POST /api/settings/email': { body: { message: SETTINGS_MESSAGES.emailChangeSent } },
    });
    const form = section('Change email');
    expect(form.getByText(member.email)).toBeInTheDocument();

    await user.type(form.getByLabelText('New email address'), 'River.New@Castline.test');
    await user.type(form.getByLabelText('Password'), 'my-password');
    await user.click(form.getByRole('button', { name: 'Send confirmation link' }));

    const done = await form.findByRole('status');
    expect(done).toHaveTextContent(SETTINGS_MESSAGES.emailChangeSent);
    expect(done).toHaveTextContent('Sent to river.new@castline.test.');
    expect(server.calls('POST', '/api/settings/email')[0]?.body).toEqual({
      new_email: 'river.new@castline.test',
      password: 'my-password',
    });
    expect(form.getByLabelText('New email address')).toHaveValue('');
    // Nothing changes until the link is opened.
    expect(section('Account').getByText(member.email)).toBeInTheDocument();
  });

  it('shows what is wrong with the address or the password', async () => {
    let answer: MockAnswer = apiError(409, 'EMAIL_TAKEN', SETTINGS_MESSAGES.emailTaken);
    const { user } = await renderSettings({ 'POST /api/settings/email': () => answer });
    const form = section('Change email');

    await user.type(form.getByLabelText('New email address'), 'not-an-email');
    await user.click(form.getByRole('button', { name: 'Send confirmation link' }));
    expect(form.getByText(AUTH_MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(form.getByText(SETTINGS_MESSAGES.passwordRequired)).toBeInTheDocument();

    await user.clear(form.getByLabelText('New email address'));
    await user.type(form.getByLabelText('New email address'), 'taken@castline.test');
    await user.type(form.getByLabelText('Password'), 'my-password');
    await user.click(form.getByRole('button', { name: 'Send confirmation link' }));
    expect(await form.findByText(SETTINGS_MESSAGES.emailTaken)).toBeInTheDocument();
    expect(form.getByLabelText('New email address')).toHaveFocus();

    answer = apiError(400, 'VALIDATION_FAILED', SETTINGS_MESSAGES.passwordIncorrect, [
      { path: 'password', message: SETTINGS_MESSAGES.passwordIncorrect },
    ]);
    await user.clear(form.getByLabelText('New email address'));
    await user.type(form.getByLabelText('New email address'), 'free@castline.test');
    await user.click(form.getByRole('button', { name: 'Send confirmation link' }));
    expect(await form.findByText(SETTINGS_MESSAGES.passwordIncorrect)).toBeInTheDocument();
    expect(form.queryByText(SETTINGS_MESSAGES.emailTaken)).not.toBeInTheDocument();
  });
});

describe('blocked members', () => {
  it('lists the blocked members and unblocks one', async () => {
    let blocked = [buildMember(), buildMember({ id: 'u_4', username: 'pike_hunter', full_name: null })];
    const { user, server } = await renderSettings({
      'GET /api/me/blocked': () => ({ body: { items: blocked } }),
      'POST /api/profiles/u_3/block': () => {
        blocked = blocked.filter((one) => one.id !== 'u_3');
        return { body: { blocked: false } };
      },
    });
    const blockedSection = section('Blocked members');

    const list = await blockedSection.findByRole('list', { name: 'Blocked members' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'trout_bum' })).toHaveAttribute('href', '/profile/u_3');
    expect(rows[0]).toHaveTextContent('Tess Trout');

    await user.click(within(rows[0]!).getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.memberUnblocked)).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByText('pike_hunter')).toBeInTheDocument();
    expect(server.calls('POST', '/api/profiles/u_3/block')).toHaveLength(1);
  });

  it('says when nobody is blocked, and when the list cannot be loaded', async () => {
    let fail = true;
    const { user } = await renderSettings({
      'GET /api/me/blocked': () =>
        fail
          ? apiError(500, 'INTERNAL', 'An unexpected error occurred. Please try again.')
          : { body: { items: [] } },
    });
    const blockedSection = section('Blocked members');

    const alert = await blockedSection.findByRole('alert');
    expect(alert).toHaveTextContent(SETTINGS_MESSAGES.blockedListFailed);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await blockedSection.findByText(/You haven't blocked anyone\./)).toBeInTheDocument();
  });
});

describe('notification preferences', () => {
  it('shows a grid of kinds by channel and saves each change at once', async () => {
    let saved: NotificationPreferencesDto = PREFERENCES;
    const { user, server } = await renderSettings({
      'GET /api/settings/notification-preferences': () => ({ body: saved }),
      'PATCH /api/settings/notification-preferences': (request) => {
        const body = request.body as UpdateNotificationPreferencesBody;
        saved = {
          ...saved,
          categories: saved.categories.map((c) => {
            const change = body.categories?.find((x) => x.category === c.category);
            return change ? { ...c, ...change } : c;
          }),
        };
        return { body: saved };
      },
    });
    const preferences = section('Notifications');

    const table = await preferences.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(PREFERENCES.categories.length + 1);
    const messagesByEmail = within(table).getByRole('checkbox', { name: 'Messages: Email' });
    const repliesInApp = within(table).getByRole('checkbox', { name: 'Replies: In Castline' });
    expect(messagesByEmail).toBeChecked();
    expect(repliesInApp).toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Watched topics: Email' })).not.toBeChecked();

    repliesInApp.focus();
    await user.keyboard(' ');
    expect(repliesInApp).not.toBeChecked();
    expect(await screen.findByText(SETTINGS_MESSAGES.notificationSettingsSaved)).toBeInTheDocument();
    expect(server.calls('PATCH', '/api/settings/notification-preferences')[0]?.body).toEqual({
      categories: [{ category: 'replies', in_app: false }],
    });

    await user.click(preferences.getByRole('radio', { name: /A daily digest/ }));
    await waitFor(() =>
      expect(server.calls('PATCH', '/api/settings/notification-preferences')).toHaveLength(2),
    );
    expect(server.calls('PATCH', '/api/settings/notification-preferences')[1]?.body).toEqual({
      email_delivery: 'daily',
    });
  });

  it('puts a box back when saving fails', async () => {
    const { user } = await renderSettings({
      'PATCH /api/settings/notification-preferences': apiError(503, 'SERVICE_UNAVAILABLE', 'Unavailable'),
    });
    const preferences = section('Notifications');

    const offers = await preferences.findByRole('checkbox', { name: 'Offers: Email' });
    await user.click(offers);
    expect(await screen.findByText(SETTINGS_MESSAGES.notificationSettingsFailed)).toBeInTheDocument();
    await waitFor(() => expect(offers).not.toBeChecked());
  });
});

describe('delete account', () => {
  it('asks for the password, then signs out and goes home with a toast', async () => {
    let attempts = 0;
    const { user, server, router, queryClient } = await renderSettings({
      'DELETE /api/settings/account': () => {
        attempts += 1;
        return attempts === 1
          ? apiError(400, 'VALIDATION_FAILED', SETTINGS_MESSAGES.passwordIncorrect, [
              { path: 'password', message: SETTINGS_MESSAGES.passwordIncorrect },
            ])
          : { body: { message: SETTINGS_MESSAGES.accountDeleted } };
      },
    });
    const danger = section('Delete account');
    expect(danger.getByText(SETTINGS_MESSAGES.deleteAccountWarning)).toBeInTheDocument();

    await user.click(danger.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete account' }));
    expect(dialog.getByText(SETTINGS_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(server.calls('DELETE', '/api/settings/account')).toHaveLength(0);

    await user.type(dialog.getByLabelText('Password'), 'wrong-password');
    await user.click(dialog.getByRole('button', { name: 'Delete account' }));
    expect(await dialog.findByText(SETTINGS_MESSAGES.passwordIncorrect)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');

    await user.clear(dialog.getByLabelText('Password'));
    await user.type(dialog.getByLabelText('Password'), 'my-password');
    await user.click(dialog.getByRole('button', { name: 'Delete account' }));

    expect(await screen.findByText(SETTINGS_MESSAGES.accountDeleted)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.calls('DELETE', '/api/settings/account')[1]?.body).toEqual({ password: 'my-password' });
    expect(queryClient.getQueryData(authKeys.session)).toEqual({ user: null, session: null });
    expect(queryClient.getQueryData(['settings', 'notifications'])).toBeUndefined();
  });

  it('keeps everything when the dialog is cancelled', async () => {
    const { user, server } = await renderSettings();

    await user.click(section('Delete account').getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Password'), 'my-password');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('DELETE', '/api/settings/account')).toHaveLength(0);
    expect(section('Delete account').getByRole('button', { name: 'Delete my account' })).toHaveFocus();
  });
});
