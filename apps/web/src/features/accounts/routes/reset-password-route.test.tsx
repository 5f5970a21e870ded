import { AUTH_MESSAGES } from '@castline/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockServer } from '../../../test/fetch-mock';
import { guestSession, memberSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

describe('reset-password page', () => {
  it('sends reset instructions for an email', async () => {
    const server = mockServer({
      'GET /api/auth/session': { body: guestSession },
      'POST /api/auth/request-password-reset': { body: { message: AUTH_MESSAGES.resetInstructionsSent } },
    });
    const { user } = renderApp('/reset-password');
    await screen.findByRole('heading', { name: 'Reset your password' });

    await user.type(screen.getByLabelText('Email'), 'angler@castline.test{Enter}');

    expect(await screen.findByText(AUTH_MESSAGES.resetInstructionsSent)).toBeInTheDocument();
    expect(server.calls('POST', '/api/auth/request-password-reset')[0]?.body).toEqual({
      email: 'angler@castline.test',
    });
  });

  it('says the request failed when the server cannot be reached', async () => {
    mockServer({
      'GET /api/auth/session': { body: guestSession },
      'POST /api/auth/request-password-reset': { networkError: true },
    });
    const { user } = renderApp('/reset-password');
    await screen.findByRole('heading', { name: 'Reset your password' });

    await user.type(screen.getByLabelText('Email'), 'angler@castline.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resetRequestFailed);
  });

  it('checks the new passwords before asking the server', async () => {
    const server = mockServer({ 'GET /api/auth/session': { body: guestSession } });
    const { user } = renderApp('/reset-password?token=reset-abc');
    await screen.findByRole('heading', { name: 'Choose a new password' });

    await user.type(screen.getByLabelText('Password'), 'tight-lines-2025');
    await user.type(screen.getByLabelText('Confirm password'), 'tight-lines-2024');
    await user.click(screen.getByRole('button', { name: 'Update password' }));

    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      AUTH_MESSAGES.passwordsDoNotMatch,
    );
    expect(server.calls('POST', '/api/auth/reset-password')).toHaveLength(0);
  });

  it('updates the password with the token and links to sign in', async () => {
    const server = mockServer({
      'GET /api/auth/session': { body: guestSession },
      'POST /api/auth/reset-password': { body: { message: AUTH_MESSAGES.passwordUpdated } },
    });
    const { user } = renderApp('/reset-password?token=reset-abc');
    await screen.findByRole('heading', { name: 'Choose a new password' });

    await user.type(screen.getByLabelText('Password'), 'tight-lines-2025');
    await user.type(screen.getByLabelText('Confirm password'), 'tight-lines-2025');
    await user.click(screen.getByRole('button', { name: 'Update password' }));

    expect(await screen.findByText(AUTH_MESSAGES.passwordUpdated)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/login');
    expect(server.calls('POST', '/api/auth/reset-password')[0]?.body).toEqual({
      token: 'reset-abc',
      password: 'tight-lines-2025',
      confirmPassword: 'tight-lines-2025',
    });
  });

  it('explains an expired link and offers a new one', async () => {
    mockServer({
      'GET /api/auth/session': { body: guestSession },
      'POST /api/auth/reset-password': apiError(400, 'INVALID_TOKEN', AUTH_MESSAGES.resetLinkInvalid),
    });
    const { user } = renderApp('/reset-password?token=old');
    await screen.findByRole('heading', { name: 'Choose a new password' });

    await user.type(screen.getByLabelText('Password'), 'tight-lines-2025');
    await user.type(screen.getByLabelText('Confirm password'), 'tight-lines-2025');
    await user.click(screen.getByRole('button', { name: 'Update password' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(AUTH_MESSAGES.resetLinkInvalid);
    await user.click(within(alert).getByRole('link', { name: 'Request a new link' }));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
  });

  it('stays reachable for a signed-in member', async () => {
    mockServer({ 'GET /api/auth/session': { body: memberSession } });
    renderApp('/reset-password?token=reset-abc');

    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
  });
});
