/** Query keys of the messaging feature; realtime events write into these entries. */
export const messagingKeys = {
  all: ['messaging'] as const,
  conversationLists: () => ['messaging', 'conversations'] as const,
  /** A conversation list: the inbox or the archived ones, optionally searched by username. */
  conversations: (q: string, archived = false) =>
    ['messaging', 'conversations', archived ? 'archived' : 'inbox', q] as const,
  /** Search within the member's messages. */
  search: (q: string) => ['messaging', 'search', q] as const,
  /** The thread header (member, presence, listing); keyed by the other member's id. */
  conversation: (memberId: string) => ['messaging', 'conversation', memberId] as const,
  /** The thread's pages of messages (infinite, newest first); keyed by the other member's id. */
  messages: (memberId: string) => ['messaging', 'messages', memberId] as const,
};
