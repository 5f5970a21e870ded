import { describe, expect, it } from 'vitest';
import { canRevokeSession } from './session.policy.js';

describe('canRevokeSession', () => {
  it.each([
    [{ id: 'u1' }, { userId: 'u1' }, true],
    [{ id: 'u2' }, { userId: 'u1' }, false],
    [null, { userId: 'u1' }, false],
  ])('%o on a session of %o → %s', (actor, session, expected) => {
    expect(canRevokeSession(actor, session)).toBe(expected);
  });
});
