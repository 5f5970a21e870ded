import { AUTH_MESSAGES } from '@castline/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockServer } from '../../../test/fetch-mock';
import { guestSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

describe('verify-email page', () => {
  it('verifies the token once, then says so with a link to sign in', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = mockServer({
      'GET /api/auth/session': { body: guestSession },
      'POST /api/auth/verify-email': async () => {
        await answered;
        return { body: { message: AUTH_MESSAGES.emailVerified } };
      },
    });
    renderApp('/verify-email?token=tok-123');

    expect(await screen.findByRole('status', { name: 'Verifying your email' })).toBeInTheDocument();
    release();

    expect(await screen.findByText(AUTH_MESSAGES.emailVerified)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/login');
    const calls = server.calls('POST', '/api/auth/verify-email');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ token: 'tok-123' });
  });

  it('shows why an invalid link failed and offers a new one', async () => {
    const server = mockServer({
      'GET /api/auth/session': { body: guestSession },
      'POST /api/auth/verify-email': apiError(400, 'INVALID_TOKEN', AUTH_MESSAGES.verificationLinkInvalid),
      'POST /api/auth/send-verification-email': { body: { message: AUTH_MESSAGES.verificationSent } },
    });
    const { user } = renderApp('/verify-email?token=expired');

    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.verificationLinkInvalid);
    await user.type(screen.getByLabelText('Email'), 'angler@castline.test');
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));

    expect(await screen.findByText(AUTH_MESSAGES.verificationSent)).toBeInTheDocument();
    expect(server.calls('POST', '/api/auth/send-verification-email')[0]?.body).toEqual({
      email: 'angler@castline.test',
    });
  });

  it('sends a member with an already used link to sign in', async () => {
    mockServer({
      'GET /api/auth/session': { body: guestSession },
      'POST /api/auth/verify-email': apiError(410, 'TOKEN_USED', AUTH_MESSAGES.verificationLinkUsed),
    });
    renderApp('/verify-email?token=used');

    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.verificationLinkUsed);
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/login');
  });

  it('without a token, asks to check the email passed by sign-up', async () => {
    const server = mockServer({ 'GET /api/auth/session': { body: guestSession } });
    renderApp({
      pathname: '/verify-email',
      state: { email: 'angler@castline.test', notification: AUTH_MESSAGES.signUpSuccessNotification },
    });

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.signUpSuccessNotification)).toBeInTheDocument();
    expect(screen.getByText('angler@castline.test')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('angler@castline.test');
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeInTheDocument();
    expect(server.calls('POST', '/api/auth/verify-email')).toHaveLength(0);
  });
});
