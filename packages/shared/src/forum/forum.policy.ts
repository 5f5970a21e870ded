import { hasPermissions } from '../admin/admin-permissions.js';
import { isBannedMember, type MemberActor } from '../accounts/member.policy.js';

type MaybeActor = MemberActor | null | undefined;

/** A post or comment as the forum rules read it. */
export interface ForumContent {
  status: string;
  author_id: string;
}

/** Staff who see and manage every post and comment: admins holding forum.manage, not banned. */
export function canModerateForum(actor: MaybeActor): boolean {
  return Boolean(actor && !isBannedMember(actor) && hasPermissions(actor, ['forum.manage']));
}

/** Published posts and comments are public; hidden and flagged ones only for their author and staff. */
export function canSeeForumContent(actor: MaybeActor, content: ForumContent): boolean {
  if (content.status === 'published') return true;
  return Boolean(actor && (actor.id === content.author_id || canModerateForum(actor)));
}

/** Authors manage (edit, delete) their own posts and comments; staff manage all. Banned members change nothing. */
export function canManageForumContent(actor: MaybeActor, content: Pick<ForumContent, 'author_id'>): boolean {
  if (!actor || isBannedMember(actor)) return false;
  return actor.id === content.author_id || canModerateForum(actor);
}

/** Forum staff pin a topic to the top of its category and lock it against new comments. */
export function canPinOrLockTopic(actor: MaybeActor): boolean {
  return canModerateForum(actor);
}

/** A locked topic takes no new comments, except from forum staff. */
export function canCommentOnTopic(actor: MaybeActor, topic: { locked: boolean }): boolean {
  return !topic.locked || canModerateForum(actor);
}
