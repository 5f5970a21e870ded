/**
 * Messages the global banner shows, kept in sessionStorage so they survive the reload that often
 * follows them (spec: session-expired, auth-error and chunk-load messages).
 */
export const SESSION_MESSAGE_KEYS = {
  sessionExpired: 'castline:session-expired',
  authError: 'castline:auth-error',
  chunkLoad: 'castline:chunk-load-error',
} as const;

export type SessionMessageKind = keyof typeof SESSION_MESSAGE_KEYS;

const KINDS = Object.keys(SESSION_MESSAGE_KEYS) as SessionMessageKind[];

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function storeSessionMessage(kind: SessionMessageKind, message: string): void {
  try {
    storage()?.setItem(SESSION_MESSAGE_KEYS[kind], message);
  } catch {
    // Storage full or blocked: the banner is a convenience, never a failure.
  }
}

export interface StoredSessionMessage {
  kind: SessionMessageKind;
  message: string;
}

/** The stored messages, most important first (an expired session outranks the rest). */
export function readSessionMessages(): StoredSessionMessage[] {
  const store = storage();
  if (!store) return [];
  return KINDS.flatMap((kind) => {
    const message = store.getItem(SESSION_MESSAGE_KEYS[kind]);
    return message ? [{ kind, message }] : [];
  });
}

export function clearSessionMessages(kinds: readonly SessionMessageKind[] = KINDS): void {
  const store = storage();
  for (const kind of kinds) store?.removeItem(SESSION_MESSAGE_KEYS[kind]);
}
