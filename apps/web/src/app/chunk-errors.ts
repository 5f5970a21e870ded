import { SHELL_MESSAGES } from '@castline/shared';
import { hardRedirect } from '../lib/navigation';
import { storeSessionMessage } from '../lib/session-messages';

/** A page module (chunk) that could not be loaded: a network failure or a newer deploy. */
export class ChunkLoadError extends Error {
  /** True when the server answered with HTML (an error or login page) instead of a script. */
  readonly htmlInsteadOfScript: boolean;

  constructor(cause: unknown) {
    super(SHELL_MESSAGES.chunkLoadFailed, { cause });
    this.name = 'ChunkLoadError';
    this.htmlInsteadOfScript = isHtmlInsteadOfScript(cause);
  }
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return typeof error === 'string' ? error : '';
}

const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk \S+ failed|Unable to preload CSS|Unexpected token '?<'?/i;

function isHtmlInsteadOfScript(error: unknown): boolean {
  return /Unexpected token '?<'?|text\/html/i.test(messageOf(error));
}

/** Chunk-load and unexpected-token failures (spec 000 §8). */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof ChunkLoadError || CHUNK_FAILURE.test(messageOf(error));
}

/** Errors from a hook used outside the router are noise of an unmounting tree; they are suppressed. */
export function isRouterContextError(error: unknown): boolean {
  return /may be used only in the context of a <Router>|useHref\(\)|useNavigate\(\) may be used/i.test(
    messageOf(error),
  );
}

/** Loads a page module, turning an import failure into a ChunkLoadError the error boundary recognises. */
export async function loadChunk<T>(importer: () => Promise<T>): Promise<T> {
  try {
    return await importer();
  } catch (error) {
    throw new ChunkLoadError(error);
  }
}

const RELOAD_MARK_KEY = 'castline:chunk-reloaded-at';
const RELOAD_GUARD_MS = 30_000;

/**
 * What the global handler does with a chunk failure that reached the window: a page of HTML instead
 * of a script means the session or deploy is gone, so go to /login; otherwise note the failure for
 * the banner and reload once (a fresh index.html names the current chunks). A second failure within
 * 30 s does not reload again; the 'Loading Error' panel takes over.
 */
export function recoverFromChunkError(
  error: unknown,
  { reload = () => window.location.reload(), now = Date.now() }: { reload?: () => void; now?: number } = {},
): 'login' | 'reload' | 'none' {
  if (isHtmlInsteadOfScript(error)) {
    hardRedirect('/login');
    return 'login';
  }
  const last = Number(window.sessionStorage.getItem(RELOAD_MARK_KEY) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return 'none';
  window.sessionStorage.setItem(RELOAD_MARK_KEY, String(now));
  storeSessionMessage('chunkLoad', SHELL_MESSAGES.chunkLoadFailed);
  reload();
  return 'reload';
}

/**
 * Listens for chunk failures nobody handled (a stray dynamic import outside the router). Page
 * modules load through `loadChunk`, so their failures reach the router, which shows the panel.
 */
export function installChunkErrorRecovery(target: Window = window): () => void {
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isRouterContextError(event.reason)) {
      event.preventDefault();
      return;
    }
    if (isChunkLoadError(event.reason) && recoverFromChunkError(event.reason) !== 'none') {
      event.preventDefault();
    }
  };
  const onError = (event: ErrorEvent) => {
    if (isRouterContextError(event.error)) event.preventDefault();
  };
  target.addEventListener('unhandledrejection', onRejection);
  target.addEventListener('error', onError);
  return () => {
    target.removeEventListener('unhandledrejection', onRejection);
    target.removeEventListener('error', onError);
  };
}
