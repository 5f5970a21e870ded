import { AUTH_MESSAGES } from '@castline/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockServer } from '../../../test/fetch-mock';
import { guestSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

async function openSignUp() {
  const app = renderApp('/auth/signup');
  await screen.findByRole('heading', { name: 'Create your account' });
  return app;
}

describe('sign-up form', () => {
  it('shows mismatched and too-short passwords inline without calling the API', async () => {
    const server = mockServer({ 'GET /api/auth/session': { body: guestSession } });
    const { user } = await openSignUp();

    await user.type(screen.getByLabelText('Email'), 'angler@castline.test');
    await user.type(screen.getByLabelText('Username'), 'pike_hunter');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const password = screen.getByLabelText('Password');
    const confirm = screen.getByLabelText('Confirm password');
    expect(password).toHaveAccessibleDescription(AUTH_MESSAGES.passwordTooShort);
    expect(confirm).toHaveAccessibleDescription(AUTH_MESSAGES.passwordsDoNotMatch);
    expect(password).toBeInvalid();
    expect(confirm).toBeInvalid();
    expect(password).toHaveFocus();
    expect(server.calls('POST', '/api/auth/sign-up')).toHaveLength(0);
  });

  it('shows every field error at once for an empty form', async () => {
    const server = mockServer({ 'GET /api/auth/session': { body: guestSession } });
    const { user } = await openSignUp();

    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByText(AUTH_MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.usernameRequired)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(server.calls('POST', '/api/auth/sign-up')).toHaveLength(0);
  });

  it('keeps only letters, digits, underscores and dashes in the username, at most 20', async () => {
    mockServer({ 'GET /api/auth/session': { body: guestSession } });
    const { user } = await openSignUp();
    const username = screen.getByLabelText('Username');

    await user.type(username, 'Big Bass! @lake-side_01');
    expect(username).toHaveValue('BigBasslake-side_01');

    await user.type(username, 'xyz123');
    expect(username).toHaveValue('BigBasslake-side_01x');
    expect(username).toHaveAccessibleDescription('Use 3-20 letters, numbers, underscores or dashes');
  });

  it('creates the account, shows the notice and moves to the verify page', async () => {
    const server = mockServer({
      'GET /api/auth/session': { body: guestSession },
      'POST /api/auth/sign-up': {
        status: 201,
        body: {
          message: AUTH_MESSAGES.signUpSuccessToast,
          notification: AUTH_MESSAGES.signUpSuccessNotification,
          email: 'angler@castline.test',
        },
      },
    });
    const { user } = await openSignUp();

    await user.type(screen.getByLabelText('Email'), '  Angler@Castline.test ');
    await user.type(screen.getByLabelText('Username'), 'pike_hunter');
    await user.type(screen.getByLabelText('Password'), 'tight-lines-2025');
    await user.type(screen.getByLabelText('Confirm password'), 'tight-lines-2025{Enter}');

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.signUpSuccessToast)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.signUpSuccessNotification)).toBeInTheDocument();
    expect(screen.getByText('angler@castline.test')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close notification' })).toBeInTheDocument();
    expect(server.calls('POST', '/api/auth/sign-up')[0]?.body).toEqual({
      email: 'angler@castline.test',
      username: 'pike_hunter',
      password: 'tight-lines-2025',
      confirmPassword: 'tight-lines-2025',
    });
  });

  it('shows a taken email in an alert above the form', async () => {
    mockServer({
      'GET /api/auth/session': { body: guestSession },
      'POST /api/auth/sign-up': apiError(409, 'EMAIL_TAKEN', AUTH_MESSAGES.emailAlreadyRegistered),
    });
    const { user } = await openSignUp();

    await user.type(screen.getByLabelText('Email'), 'angler@castline.test');
    await user.type(screen.getByLabelText('Username'), 'pike_hunter');
    await user.type(screen.getByLabelText('Password'), 'tight-lines-2025');
    await user.type(screen.getByLabelText('Confirm password'), 'tight-lines-2025');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(AUTH_MESSAGES.emailAlreadyRegistered);
    expect(within(alert).getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth/login');
  });

  it('puts the server’s field issues next to their fields', async () => {
    mockServer({
      'GET /api/auth/session': { body: guestSession },
      'POST /api/auth/sign-up': apiError(400, 'VALIDATION_FAILED', AUTH_MESSAGES.usernameTaken, [
        { path: 'username', message: AUTH_MESSAGES.usernameTaken },
      ]),
    });
    const { user } = await openSignUp();

    await user.type(screen.getByLabelText('Email'), 'angler@castline.test');
    await user.type(screen.getByLabelText('Username'), 'pike_hunter');
    await user.type(screen.getByLabelText('Password'), 'tight-lines-2025');
    await user.type(screen.getByLabelText('Confirm password'), 'tight-lines-2025');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.usernameTaken);
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
      `Use 3-20 letters, numbers, underscores or dashes ${AUTH_MESSAGES.usernameTaken}`,
    );
  });

  it('switches to sign-in mode with a link', async () => {
    mockServer({ 'GET /api/auth/session': { body: guestSession } });
    const { user } = await openSignUp();

    await user.click(screen.getByRole('link', { name: 'Sign in instead' }));

    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });
});
