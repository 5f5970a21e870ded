import { useSyncExternalStore } from 'react';

/** Typing frames: send "typing" at most every 3 s while typing, "stopped" after 4 s idle. */
export const TYPING = {
  throttleMs: 3000,
  idleMs: 4000,
  /** A "typing" heard without a follow-up is forgotten after this long (a lost "stopped" frame). */
  expireMs: 6000,
} as const;

type Listener = () => void;

/** Who is typing to this member right now, from realtime `typing` events. */
class TypingStore {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly listeners = new Set<Listener>();

  set(userId: string, typing: boolean): void {
    const timer = this.timers.get(userId);
    const was = timer !== undefined;
    if (timer !== undefined) clearTimeout(timer);
    if (typing) {
      this.timers.set(
        userId,
        setTimeout(() => this.set(userId, false), TYPING.expireMs),
      );
    } else {
      this.timers.delete(userId);
    }
    if (was !== typing) this.emit();
  }

  isTyping(userId: string): boolean {
    return this.timers.has(userId);
  }

  clear(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    const had = this.timers.size > 0;
    this.timers.clear();
    if (had) this.emit();
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

export const typingStore = new TypingStore();

/** True while `userId` is typing a message to the signed-in member. */
export function useIsTyping(userId: string | null): boolean {
  return useSyncExternalStore(
    typingStore.subscribe,
    () => (userId ? typingStore.isTyping(userId) : false),
    () => false,
  );
}
