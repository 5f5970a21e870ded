import { describe, expect, it } from 'vitest';
import {
  actsAsAdmin,
  actsAsCaptain,
  actsWithPermissions,
  canActAsMember,
  isBannedMember,
  policyActorOf,
} from './member.policy.js';
import {
  author,
  bannedAuthor,
  bannedModerator,
  flagFlipped,
  member,
  moderator,
  support,
} from './test-actors.js';

describe('member policy', () => {
  it('a banned member may not act; a guest is no member', () => {
    expect([member(), bannedAuthor, null].map(isBannedMember)).toEqual([false, true, false]);
    expect([member(), bannedAuthor, null].map(canActAsMember)).toEqual([true, false, false]);
  });

  it('turns the web’s current user into the actor the rules read', () => {
    expect(policyActorOf(null)).toBeNull();
    expect(
      policyActorOf({ id: 'u', status: 'active', is_admin: true, permissions: ['forum.manage'] }),
    ).toEqual({
      id: 'u',
      status: 'active',
      is_admin: true,
      permissions: ['forum.manage'],
      hasAdminRole: true,
    });
  });

  it('staff and captain guards: the flag (and for staff the role row and permissions), never banned', () => {
    expect([moderator, support, bannedModerator, flagFlipped, author, null].map(actsAsAdmin)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(
      [moderator, support, bannedModerator].map((actor) => actsWithPermissions(actor, ['forum.manage'])),
    ).toEqual([true, false, false]);
    expect(
      [
        { status: 'active', is_captain: true },
        { status: 'banned', is_captain: true },
        { status: 'active', is_captain: false },
        null,
      ].map(actsAsCaptain),
    ).toEqual([true, false, false, false]);
  });
});
