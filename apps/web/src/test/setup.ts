import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';

// Pages load lazily; on a busy 2-core CI machine the first import of a chunk can take over
// the default 1 s, so `findBy…` waits up to 5 s (it still returns as soon as the UI is there).
configure({ asyncUtilTimeout: 5000 });
import { afterEach, vi } from 'vitest';

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

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
