import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';

// Pages load lazily; on a busy 2-core CI machine the first import of a chunk can take over
// the default 1 s, so `findBy…` waits up to 5 s (it still returns as soon as the UI is there).
configure({ asyncUtilTimeout: 5000 });
import { afterEach, vi } from 'vitest';

// jsdom does not scroll; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
