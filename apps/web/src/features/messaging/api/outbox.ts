import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/** A message this tab is sending (or failed to send), before the server's copy replaces it. */
export interface OutgoingMessage {
  /** The client's id for the send; every retry reuses it, so the server never stores it twice. */
  client_id: string;
  recipient_id: string;
  content: string;
  /** Photos already uploaded (/files/message-images/…). */
  images: string[];
  product_id: string | null;
  created_at: string;
  status: 'sending' | 'failed';
  /** Why the last attempt failed, as the server said it. */
  error: string | null;
}

type Listener = () => void;
const EMPTY: readonly OutgoingMessage[] = [];

/** Outgoing messages per recipient; it outlives the page, so a send finishes after navigating away. */
class Outbox {
  private readonly byRecipient = new Map<string, readonly OutgoingMessage[]>();
  private readonly listeners = new Set<Listener>();

  list(recipientId: string): readonly OutgoingMessage[] {
    return this.byRecipient.get(recipientId) ?? EMPTY;
  }

  find(recipientId: string, clientId: string): OutgoingMessage | undefined {
    return this.list(recipientId).find((entry) => entry.client_id === clientId);
  }

  add(entry: OutgoingMessage): void {
    this.write(entry.recipient_id, [...this.list(entry.recipient_id), entry]);
  }

  update(recipientId: string, clientId: string, change: Partial<OutgoingMessage>): void {
    this.write(
      recipientId,
      this.list(recipientId).map((entry) => (entry.client_id === clientId ? { ...entry, ...change } : entry)),
    );
  }

  remove(recipientId: string, clientId: string): void {
    this.write(
      recipientId,
      this.list(recipientId).filter((entry) => entry.client_id !== clientId),
    );
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private write(recipientId: string, entries: readonly OutgoingMessage[]): void {
    if (entries.length === 0) this.byRecipient.delete(recipientId);
    else this.byRecipient.set(recipientId, entries);
    for (const listener of [...this.listeners]) listener();
  }
}

const outboxes = new WeakMap<QueryClient, Outbox>();

/** The outbox that belongs with this query cache (one per app, a fresh one per test). */
export function outboxOf(queryClient: QueryClient): Outbox {
  let outbox = outboxes.get(queryClient);
  if (!outbox) outboxes.set(queryClient, (outbox = new Outbox()));
  return outbox;
}

export function useOutbox(queryClient: QueryClient, recipientId: string): readonly OutgoingMessage[] {
  const outbox = outboxOf(queryClient);
  return useSyncExternalStore(
    outbox.subscribe,
    () => outbox.list(recipientId),
    () => EMPTY,
  );
}
