import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installChunkErrorRecovery } from './app/chunk-errors';
import { router } from './app/router';
import { installGlobalErrorReporting } from './lib/monitoring';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

installChunkErrorRecovery();
// From the first moment, uncaught errors are caught; until the delivery is in, the default client
// keeps them (console, the /error-test list and a small buffer handed to the delivery).
installGlobalErrorReporting();

/**
 * Reports go to the server while signed in; the delivery loads and starts once the page has
 * rendered (it is no part of the first load). Until then the default client keeps what happens.
 */
function startMonitoringDelivery() {
  void import('./lib/monitoring-delivery')
    .then(({ installMonitoring }) => installMonitoring())
    .catch(() => {
      // The delivery could not load (offline, a new deployment): reports stay in the console and
      // on /error-test, as before it loads.
    });
}

function whenIdle(run: () => void) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 1);
}

/** Resolves once the router has the first page's code (or gave up on it), and after 10 s at most. */
function firstPageReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, 10_000);
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) done();
    });
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });
}

/**
 * A server-rendered page (a guest's public page) arrives inert: it can be read and scrolled, but
 * nothing on it takes a click or a key until the app has drawn the same page over it and works.
 * The attribute goes in the same commit as the app's first render.
 */
function Handover({ root }: { root: HTMLElement }) {
  useLayoutEffect(() => {
    root.removeAttribute('inert');
  }, [root]);
  return null;
}

/*
 * The page arrives painted: a guest's public page as the server rendered it, any other page as
 * index.html's static shell (header bar and page skeleton). React replaces it in one go with the
 * real page once the first page's code is in, rather than with a loading screen first: the header
 * never flickers between the two.
 */
void firstPageReady().then(() => {
  const root = createRoot(container);
  // As a transition, React renders the page in slices of a few milliseconds and keeps the main
  // thread free between them (one render task was the page's longest block, 60–75 ms on a fast
  // desktop); the server's page or the shell stays on screen until the finished page is committed.
  startTransition(() => {
    root.render(
      <StrictMode>
        <Handover root={container} />
        <App />
      </StrictMode>,
    );
  });
  whenIdle(startMonitoringDelivery);
});
