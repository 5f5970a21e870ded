import { describe, expect, it } from 'vitest';
import { canManageForumContent, canModerateForum, canSeeForumContent } from './forum.policy.js';
import {
  author,
  bannedAuthor,
  bannedModerator,
  flagFlipped,
  moderator,
  stranger,
  support,
} from '../accounts/test-actors.js';

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
