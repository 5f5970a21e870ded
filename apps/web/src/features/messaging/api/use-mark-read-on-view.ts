import type { MessageDto } from '@castline/shared';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useMarkConversationRead } from './messaging.api';

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** True while the tab is on screen. */
export function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

interface MarkReadOnViewOptions {
  memberId: string;
  viewerId: string;
  /** The thread's messages once loaded (null while loading). */
  messages: MessageDto[] | null;
  /** The header's unread count. */
  headerUnread: number;
}

/**
 * Reading a thread marks what the other member sent as read: when it opens with unread messages,
 * and again whenever a new one arrives while it is open and the tab is visible.
 */
export function useMarkReadOnView({ memberId, viewerId, messages, headerUnread }: MarkReadOnViewOptions) {
  const { mutate } = useMarkConversationRead(memberId, viewerId);
  const visible = usePageVisible();
  const attempted = useRef<string | null>(null);
  let key: string | null = null;
  if (messages) {
    const newestUnread = messages.findLast((message) => message.sender_id === memberId && !message.read);
    key = newestUnread?.id ?? (headerUnread > 0 ? `header:${headerUnread}` : null);
  }

  useEffect(() => {
    if (!key || !visible || attempted.current === key) return;
    attempted.current = key;
    mutate();
  }, [key, visible, mutate]);
}
