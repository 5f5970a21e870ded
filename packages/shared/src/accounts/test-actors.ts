import type { MemberActor } from './member.policy.js';

// The actors the policy tests share: members, staff by permission, and the banned.

export const member = (overrides: Partial<MemberActor> = {}): MemberActor => ({
  id: 'member',
  status: 'active',
  is_admin: false,
  permissions: [],
  hasAdminRole: false,
  ...overrides,
});
export const author = member({ id: 'author' });
export const stranger = member({ id: 'stranger' });
export const moderator = member({
  id: 'moderator',
  is_admin: true,
  hasAdminRole: true,
  permissions: ['forum.manage'],
});
export const support = member({
  id: 'support',
  is_admin: true,
  hasAdminRole: true,
  permissions: ['users.read'],
});
export const bannedModerator = { ...moderator, status: 'banned' };
export const bannedAuthor = { ...author, status: 'banned' };
/** The is_admin flag without an admin_roles row: not an admin. */
export const flagFlipped = member({
  id: 'flag',
  is_admin: true,
  hasAdminRole: false,
  permissions: ['forum.manage'],
});
