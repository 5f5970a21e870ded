import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { currentDevice, member, memberSession, otherDevice } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { SettingsRoute } from './settings-route';

describe('settings page', () => {
  it('shows the account and the signed-in devices', async () => {
    renderRoute(<SettingsRoute />, {
      path: '/settings',
      server: { 'GET /api/auth/sessions': { body: { items: [currentDevice, otherDevice], total: 2 } } },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const account = within(screen.getByRole('region', { name: 'Account' }));
    expect(account.getByText(member.username)).toBeInTheDocument();
    expect(account.getByText(member.email)).toBeInTheDocument();
    expect(account.getByText('Verified')).toBeInTheDocument();

    const sessions = within(screen.getByRole('region', { name: 'Your sessions' }));
    expect(await sessions.findAllByRole('listitem')).toHaveLength(2);
    await waitFor(() => expect(document.title).toBe('Settings · Castline'));
  });

  it('says when the email is not verified yet', async () => {
    renderRoute(<SettingsRoute />, {
      path: '/settings',
      session: { ...memberSession, user: { ...member, emailVerified: false } },
      server: { 'GET /api/auth/sessions': { body: { items: [currentDevice], total: 1 } } },
    });

    expect(await screen.findByText('Not verified')).toBeInTheDocument();
  });

  it('shows why the sessions could not be loaded', async () => {
    renderRoute(<SettingsRoute />, {
      path: '/settings',
      server: {
        'GET /api/auth/sessions': apiError(
          500,
          'INTERNAL',
          'An unexpected error occurred. Please try again.',
        ),
      },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An unexpected error occurred. Please try again.',
    );
  });
});
