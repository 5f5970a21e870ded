import type {
  ConversationDetailDto,
  ConversationListDto,
  MessageDto,
  MessagePageDto,
} from '@castline/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { messagingKeys } from './messaging-keys';

/** A thread in the cache: pages of 20, newest page first, each newest message first. */
export type ThreadData = InfiniteData<MessagePageDto, string | null>;

/** The member on the other side of a message, as seen by `viewerId`. */
export function otherMemberOfMessage(
  message: Pick<MessageDto, 'sender_id' | 'recipient_id'>,
  viewerId: string,
) {
  return message.sender_id === viewerId ? message.recipient_id : message.sender_id;
}

function sameMessage(a: MessageDto, b: MessageDto): boolean {
  return (
    a.id === b.id || (a.client_id !== null && a.client_id === b.client_id && a.sender_id === b.sender_id)
  );
}

function newestFirst(a: MessageDto, b: MessageDto): number {
  return a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0;
}

/** The thread with `message` in it: replaced when already there (same id or client_id), else added as newest. */
export function withMessage(data: ThreadData | undefined, message: MessageDto): ThreadData | undefined {
  if (!data) return data;
  let replaced = false;
  const pages = data.pages.map((page) => {
    if (!page.items.some((item) => sameMessage(item, message))) return page;
    replaced = true;
    return { ...page, items: page.items.map((item) => (sameMessage(item, message) ? message : item)) };
  });
  if (replaced) return { ...data, pages };
  const [first, ...rest] = data.pages;
  if (!first) return { pages: [{ items: [message], nextCursor: null }], pageParams: [null] };
  return { ...data, pages: [{ ...first, items: [message, ...first.items].sort(newestFirst) }, ...rest] };
}

/** Every message `senderId` sent up to `readAt` marked read (the spec's bulk mark_messages_as_read). */
export function withMessagesRead(
  data: ThreadData | undefined,
  senderId: string,
  readAt: string,
): ThreadData | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.items.some((item) => item.sender_id === senderId && !item.read && item.created_at <= readAt)) {
      return page;
    }
    changed = true;
    return {
      ...page,
      items: page.items.map((item) =>
        item.sender_id === senderId && !item.read && item.created_at <= readAt
          ? { ...item, read: true, read_at: readAt }
          : item,
      ),
    };
  });
  return changed ? { ...data, pages } : data;
}

/** The thread's messages, oldest first (the order they are shown in). */
export function threadMessages(data: { pages: MessagePageDto[] } | undefined): MessageDto[] {
  if (!data) return [];
  return data.pages.flatMap((page) => page.items).reverse();
}

/**
 * A new message in a cached conversation list: its row moves to the top with the message as its
 * last one (and one more unread when it came from the other member). 'missing' when the list has
 * no row for that member yet, or has it archived (it must be fetched again).
 */
export function withListMessage(
  list: ConversationListDto,
  message: MessageDto,
  viewerId: string,
): ConversationListDto | 'missing' {
  const otherId = otherMemberOfMessage(message, viewerId);
  const row = list.items.find((item) => item.member.id === otherId);
  // An archived conversation comes back to the inbox with a new message: both lists are fetched again.
  if (!row || (row.archived && row.last_message.id !== message.id)) return 'missing';
  if (row.last_message.id === message.id) {
    return {
      ...list,
      items: list.items.map((item) => (item === row ? { ...row, last_message: message } : item)),
    };
  }
  if (row.last_message.created_at > message.created_at) return list;
  const fromOther = message.sender_id === otherId && !message.read;
  const updated = { ...row, last_message: message, unread_count: row.unread_count + (fromOther ? 1 : 0) };
  return { ...list, items: [updated, ...list.items.filter((item) => item !== row)] };
}

/** Writes a message (sent here, or pushed by the server) into the thread and every conversation list. */
export function storeMessage(queryClient: QueryClient, message: MessageDto, viewerId: string): void {
  const otherId = otherMemberOfMessage(message, viewerId);
  queryClient.setQueryData<ThreadData>(messagingKeys.messages(otherId), (data) => withMessage(data, message));
  for (const [key, list] of queryClient.getQueriesData<ConversationListDto>({
    queryKey: messagingKeys.conversationLists(),
  })) {
    if (!list) continue;
    const next = withListMessage(list, message, viewerId);
    // Fetched again now, even while not shown (the inbox behind the Archived view): a later write
    // into its cache (a read) must not keep the row it lacks out of it.
    if (next === 'missing')
      void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'all' });
    else queryClient.setQueryData(key, next);
  }
  // A new message brings an archived conversation back to the inbox (the server did the same).
  queryClient.setQueryData<ConversationDetailDto>(messagingKeys.conversation(otherId), (detail) =>
    detail?.archived ? { ...detail, archived: false } : detail,
  );
}

/**
 * `readerId` read what `senderId` sent them up to `readAt`: "Seen" in the sender's thread, no
 * unread left in the reader's lists and thread header.
 */
export function storeMessagesRead(
  queryClient: QueryClient,
  { readerId, senderId, readAt }: { readerId: string; senderId: string; readAt: string },
  viewerId: string,
): void {
  const otherId = readerId === viewerId ? senderId : readerId;
  queryClient.setQueryData<ThreadData>(messagingKeys.messages(otherId), (data) =>
    withMessagesRead(data, senderId, readAt),
  );
  for (const [key, list] of queryClient.getQueriesData<ConversationListDto>({
    queryKey: messagingKeys.conversationLists(),
  })) {
    if (!list) continue;
    queryClient.setQueryData<ConversationListDto>(key, {
      ...list,
      items: list.items.map((item) => {
        if (item.member.id !== otherId) return item;
        const last = item.last_message;
        const lastRead = last.sender_id === senderId && !last.read && last.created_at <= readAt;
        return {
          ...item,
          unread_count: readerId === viewerId ? 0 : item.unread_count,
          last_message: lastRead ? { ...last, read: true, read_at: readAt } : last,
        };
      }),
    });
  }
  if (readerId === viewerId) {
    queryClient.setQueryData<ConversationDetailDto>(messagingKeys.conversation(otherId), (detail) =>
      detail ? { ...detail, unread_count: 0 } : detail,
    );
  }
}
