import { describe, expect, it } from 'vitest';
import { readVerifyEmailState } from './verify-email-state';

describe('readVerifyEmailState', () => {
  it('keeps the email and notice sign-up left, and nothing else', () => {
    expect(readVerifyEmailState({ email: 'angler@example.com', notification: 'Sent.', other: 1 })).toEqual({
      email: 'angler@example.com',
      notification: 'Sent.',
    });
    expect(readVerifyEmailState({ email: 'angler@example.com' })).toEqual({ email: 'angler@example.com' });
    expect(readVerifyEmailState({})).toEqual({});
  });

  it('reads any other state as none', () => {
    for (const state of [null, undefined, 'angler@example.com', 7, { email: 42 }, { notification: ['x'] }]) {
      expect(readVerifyEmailState(state)).toEqual({});
    }
  });
});
