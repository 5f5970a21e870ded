import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES as M } from './account-messages.js';
import { sanitizeUsername } from './account-constants.js';
import { SignInBody, SignUpBody } from './auth.schemas.js';

describe('SignUpBody', () => {
  const valid = {
    email: '  Angler@Example.COM ',
    password: 'long-enough',
    confirmPassword: 'long-enough',
    username: 'reel_deal',
  };

  it('trims and lower-cases the email', () => {
    expect(SignUpBody.parse(valid).email).toBe('angler@example.com');
  });

  it.each([
    [{ confirmPassword: 'different' }, M.passwordsDoNotMatch],
    [{ password: 'short', confirmPassword: 'short' }, M.passwordTooShort],
    [{ username: 'no spaces' }, M.usernameInvalid],
    [{ username: 'ab' }, M.usernameTooShort],
    [{ username: 'x'.repeat(21) }, M.usernameTooLong],
  ])('%o fails with the spec text', (overrides, message) => {
    const result = SignUpBody.safeParse({ ...valid, ...overrides });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe('SignInBody', () => {
  it('needs both fields', () => {
    const result = SignInBody.safeParse({ email: '' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      M.credentialsRequired,
      M.credentialsRequired,
    ]);
  });
});

describe('sanitizeUsername', () => {
  it('keeps letters, digits, underscore and dash, up to 20 characters', () => {
    expect(sanitizeUsername('Big Bass! 2024_-ok')).toBe('BigBass2024_-ok');
    expect(sanitizeUsername('a'.repeat(30))).toHaveLength(20);
  });
});
