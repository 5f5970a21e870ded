import { SETTINGS_MESSAGES } from '@castline/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockServer } from '../../../test/fetch-mock';
import { guestSession, memberSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { heldAnswer, renderRoute } from '../../../test/render-route';
import { authKeys } from '../../../lib/session';
import { ConfirmEmailRoute } from './confirm-email-route';

const TOKEN = '0b7d6c1e-1111-4a5b-9c8d-000000000001.c2VjcmV0';

describe('confirm email change', () => {
  it('confirms the token once, says so and shows the new address', async () => {
    const held = heldAnswer({
      body: { message: SETTINGS_MESSAGES.emailChanged, email: 'river.new@castline.test' },
    });
    const { server, queryClient } = renderRoute(<ConfirmEmailRoute />, {
      path: '/settings/confirm-email',
      initialEntry: `/settings/confirm-email?token=${encodeURIComponent(TOKEN)}`,
      server: { 'POST /api/settings/email/confirm': held.route },
    });

    expect(await screen.findByRole('status', { name: 'Confirming your new email' })).toBeInTheDocument();
    // The app shell has loaded the session by now.
    queryClient.setQueryData(authKeys.session, memberSession);
    held.release();

    expect(await screen.findByRole('heading', { level: 1, name: 'Email changed' })).toBeInTheDocument();
    expect(screen.getByText(SETTINGS_MESSAGES.emailChanged)).toBeInTheDocument();
    expect(screen.getByText('river.new@castline.test')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Settings' })).toHaveAttribute('href', '/settings');
    const calls = server.calls('POST', '/api/settings/email/confirm');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ token: TOKEN });
    await waitFor(() =>
      expect(queryClient.getQueryData(authKeys.session)).toMatchObject({
        user: { email: 'river.new@castline.test' },
      }),
    );
    await waitFor(() => expect(document.title).toBe('Email changed · Castline'));
  });

  it("shows the server's reason when the link is invalid or used", async () => {
    renderRoute(<ConfirmEmailRoute />, {
      path: '/settings/confirm-email',
      initialEntry: `/settings/confirm-email?token=${TOKEN}`,
      server: {
        'POST /api/settings/email/confirm': apiError(
          400,
          'INVALID_TOKEN',
          SETTINGS_MESSAGES.emailChangeLinkInvalid,
        ),
      },
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'We couldn’t change your email' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(SETTINGS_MESSAGES.emailChangeLinkInvalid);
    expect(screen.getByRole('link', { name: 'Go to Settings to request a new link' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });

  it('says the link is invalid without asking the server when it has no token', async () => {
    const { server } = renderRoute(<ConfirmEmailRoute />, {
      path: '/settings/confirm-email',
      initialEntry: '/settings/confirm-email',
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(SETTINGS_MESSAGES.emailChangeLinkInvalid);
    expect(server.calls('POST', '/api/settings/email/confirm')).toHaveLength(0);
  });

  it('is a member page of the app: a guest signs in first and comes back to the link', async () => {
    mockServer({ 'GET /api/auth/session': { body: guestSession } });
    const { router } = renderApp(`/settings/confirm-email?token=${TOKEN}`);

    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.state).toMatchObject({
      from: { pathname: '/settings/confirm-email', search: `?token=${TOKEN}` },
    });
  });

  it('opens from the link inside the app for a signed-in member', async () => {
    const server = mockServer({
      'GET /api/auth/session': { body: memberSession },
      'POST /api/settings/email/confirm': {
        body: { message: SETTINGS_MESSAGES.emailChanged, email: 'river.new@castline.test' },
      },
    });
    renderApp(`/settings/confirm-email?token=${TOKEN}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Email changed' })).toBeInTheDocument();
    expect(server.calls('POST', '/api/settings/email/confirm')).toHaveLength(1);
  });
});
