import { describe, expect, it } from 'vitest';
import type { MemberActor } from '../accounts/member.policy.js';
import { canManageForumContent, canModerateForum, canSeeForumContent } from './forum.policy.js';

const member = (overrides: Partial<MemberActor> = {}): MemberActor => ({
  id: 'member',
  status: 'active',
  is_admin: false,
  permissions: [],
  hasAdminRole: false,
  ...overrides,
});
const author = member({ id: 'author' });
const stranger = member({ id: 'stranger' });
const moderator = member({
  id: 'moderator',
  is_admin: true,
  hasAdminRole: true,
  permissions: ['forum.manage'],
});
const support = member({ id: 'support', is_admin: true, hasAdminRole: true, permissions: ['users.read'] });
const bannedModerator = { ...moderator, status: 'banned' };
const bannedAuthor = { ...author, status: 'banned' };
const flagFlipped = member({
  id: 'flag',
  is_admin: true,
  hasAdminRole: false,
  permissions: ['forum.manage'],
});

describe('forum policy', () => {
  it('lets only unbanned admins holding forum.manage moderate', () => {
    expect([moderator, support, bannedModerator, flagFlipped, author, null].map(canModerateForum)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('shows published content to everyone, other content to its author and moderators only', () => {
    const hidden = { status: 'hidden', author_id: 'author' };
    const published = { status: 'published', author_id: 'author' };
    expect(
      [null, stranger, author, moderator, support].map((actor) => canSeeForumContent(actor, hidden)),
    ).toEqual([false, false, true, true, false]);
    expect([null, stranger].map((actor) => canSeeForumContent(actor, published))).toEqual([true, true]);
  });

  it('lets the author and moderators manage, never a banned member', () => {
    const content = { author_id: 'author' };
    expect(
      [author, moderator, stranger, support, bannedAuthor, bannedModerator, null].map((actor) =>
        canManageForumContent(actor, content),
      ),
    ).toEqual([true, true, false, false, false, false, false]);
  });
});
