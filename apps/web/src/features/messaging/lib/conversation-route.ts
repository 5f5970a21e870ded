import { otherMemberOf } from '@castline/shared';

export type ConversationTarget =
  { kind: 'none' } | { kind: 'member'; memberId: string } | { kind: 'self' } | { kind: 'not-found' };

/**
 * Who the open thread is with: /messages/{userId}, /messages/{conversationId} ("<a>_<b>", one
 * of them the viewer) or /messages?recipient={userId} (spec 001 §2).
 */
export function conversationTarget(idOrConversation: string | null, viewerId: string): ConversationTarget {
  const raw = idOrConversation?.trim();
  if (!raw) return { kind: 'none' };
  const parts = raw.split('_');
  if (parts.length > 2 || parts.some((part) => part === '')) return { kind: 'not-found' };
  if (parts.length === 2 && !parts.includes(viewerId)) return { kind: 'not-found' };
  const memberId = otherMemberOf(raw, viewerId);
  if (memberId === viewerId) return { kind: 'self' };
  return { kind: 'member', memberId };
}
