import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';

// Pages load lazily; on a busy 2-core CI machine the first import of a chunk can take over
// the default 1 s, so `findBy…` waits up to 5 s (it still returns as soon as the UI is there).
configure({ asyncUtilTimeout: 5000 });
import { afterEach, beforeAll, vi } from 'vitest';
import { loadRequestSchemas } from '../lib/load-request-schemas';

// Forms load the shared request schemas on first use (lib/load-request-schemas.ts), which the
// app starts when a form is first focused. Tests load them once up front, so that a form's check
// answers as soon as it is submitted; the first import of the chunk alone can take a second.
beforeAll(async () => {
  await loadRequestSchemas();
});

// jsdom does not scroll; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => {};

// Menus and dialogs (Radix) measure their anchor; jsdom has no layout, so these answer zeros.
class NoLayoutResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= NoLayoutResizeObserver;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};

// Pages rendered for a signed-in member start the realtime client; in tests its socket never
// connects (tests of the client itself pass their own fake socket).
class InertWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = 0;
  onopen = null;
  onclose = null;
  onmessage = null;
  onerror = null;
  constructor(readonly url: string) {
    super();
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}
globalThis.WebSocket = InertWebSocket as unknown as typeof WebSocket;

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
