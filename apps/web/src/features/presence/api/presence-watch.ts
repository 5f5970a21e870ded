import { PRESENCE_WATCH_MAX } from '@castline/shared';
import type { RealtimeClient } from '../../../lib/realtime';

/**
 * The members this tab shows presence for, counted per watcher: the server gets the union
 * (`presence.watch`, which replaces the previous list) whenever it changes and after every
 * (re)connect, and answers with their current presence.
 */
class PresenceWatchRegistry {
  private readonly counts = new Map<string, number>();
  private scheduled = false;
  private lastSent: string | null = null;

  constructor(private readonly client: RealtimeClient) {
    client.onOpen(() => {
      this.lastSent = null;
      this.sendNow();
    });
  }

  watch(userIds: readonly string[]): () => void {
    for (const id of userIds) this.counts.set(id, (this.counts.get(id) ?? 0) + 1);
    this.schedule();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const id of userIds) {
        const left = (this.counts.get(id) ?? 1) - 1;
        if (left > 0) this.counts.set(id, left);
        else this.counts.delete(id);
      }
      this.schedule();
    };
  }

  watched(): string[] {
    return [...this.counts.keys()].sort().slice(0, PRESENCE_WATCH_MAX);
  }

  /** Mounting a page registers many watchers at once: send one frame for all of them. */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.sendNow();
    });
  }

  private sendNow(): void {
    const ids = this.watched();
    const key = ids.join(',');
    if (key === this.lastSent) return;
    // After a (re)connect the server watches nobody: an empty list needs no frame then.
    if (this.lastSent === null && ids.length === 0) return;
    if (this.client.send({ type: 'presence.watch', user_ids: ids })) this.lastSent = key;
  }
}

const registries = new WeakMap<RealtimeClient, PresenceWatchRegistry>();

function registryOf(client: RealtimeClient): PresenceWatchRegistry {
  let registry = registries.get(client);
  if (!registry) registries.set(client, (registry = new PresenceWatchRegistry(client)));
  return registry;
}

/** Watches these members until the returned function is called. */
export function watchPresence(client: RealtimeClient, userIds: readonly string[]): () => void {
  return registryOf(client).watch(userIds);
}

/** The members currently watched through this client (for tests and the debug panel). */
export function watchedMembers(client: RealtimeClient): string[] {
  return registryOf(client).watched();
}
