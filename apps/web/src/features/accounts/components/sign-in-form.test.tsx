import { AUTH_MESSAGES } from '@castline/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockServer } from '../../../test/fetch-mock';
import { guestSession, member, memberSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

async function signInWith(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  // On /login the site header offers its own 'Sign In' button too; this is the form's.
  await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Sign In' }));
}

describe('sign-in form', () => {
  it('shows the server’s “Invalid email or password” in an alert', async () => {
    mockServer({
      'GET /api/auth/session': { body: guestSession },
      'POST /api/auth/sign-in': apiError(401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials),
    });
    const { user } = renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });

    await signInWith(user, 'angler@castline.test', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.invalidCredentials);
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('offers to resend the verification email when the email is not verified', async () => {
    const server = mockServer({
      'GET /api/auth/session': { body: guestSession },
      'POST /api/auth/sign-in': apiError(403, 'EMAIL_NOT_VERIFIED', AUTH_MESSAGES.emailNotVerified),
      'POST /api/auth/send-verification-email': { body: { message: AUTH_MESSAGES.verificationSent } },
    });
    const { user } = renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });

    await signInWith(user, 'Fresh@Castline.test', 'tight-lines-2025');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(AUTH_MESSAGES.emailNotVerified);
    await user.click(within(alert).getByRole('button', { name: 'Resend verification email' }));

    expect(await screen.findByText(AUTH_MESSAGES.verificationSent)).toBeInTheDocument();
    const resends = server.calls('POST', '/api/auth/send-verification-email');
    expect(resends).toHaveLength(1);
    expect(resends[0]?.body).toEqual({ email: 'fresh@castline.test' });
  });

  it('signs in and lands on the start page, greeting the member', async () => {
    const server = mockServer({
      'GET /api/auth/session': { body: guestSession },
      'POST /api/auth/sign-in': { body: { user: member, session: memberSession.session } },
      'GET /api/auth/sessions': { body: { items: [], total: 0 } },
    });
    const { user, router } = renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });

    await signInWith(user, 'River@castline.test ', 'tight-lines-2025');

    expect(
      await screen.findByRole('heading', { name: `Good to see you, ${member.username}` }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(server.calls('POST', '/api/auth/sign-in')[0]?.body).toEqual({
      email: 'river@castline.test',
      password: 'tight-lines-2025',
    });
  });

  it('goes back to the page the member came from after signing in', async () => {
    mockServer({
      'GET /api/auth/session': { body: guestSession },
      'POST /api/auth/sign-in': { body: { user: member, session: memberSession.session } },
    });
    const { user, router } = renderApp({
      pathname: '/auth/login',
      state: { from: { pathname: '/reset-password', search: '', hash: '' } },
    });
    await screen.findByRole('heading', { name: 'Welcome Back' });

    await signInWith(user, 'river@castline.test', 'tight-lines-2025');

    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it('shows the unexpected-error message when the server cannot be reached', async () => {
    mockServer({
      'GET /api/auth/session': { body: guestSession },
      'POST /api/auth/sign-in': { networkError: true },
    });
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });

    await signInWith(user, 'river@castline.test', 'tight-lines-2025');

    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.unexpectedError);
  });

  it('asks for both fields without calling the API', async () => {
    const server = mockServer({ 'GET /api/auth/session': { body: guestSession } });
    const { user } = renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(AUTH_MESSAGES.credentialsRequired);
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(server.calls('POST', '/api/auth/sign-in')).toHaveLength(0);
  });

  it('links to password reset and to sign-up', async () => {
    mockServer({ 'GET /api/auth/session': { body: guestSession } });
    const { user } = renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });

    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/reset-password');
    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  });

  it('shows and hides the password with a labelled toggle', async () => {
    mockServer({ 'GET /api/auth/session': { body: guestSession } });
    const { user } = renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });
});
