import { lazy } from 'react';

/*
 * A part of a public page whose code loads only when the page needs it (a topic's photos), and
 * which the server's first paint still shows: `entry-server.tsx` waits for the parts a render
 * asked for (`pendingLazyParts`) and renders again, so a guest's page never goes out with a
 * part's fallback in its place, even on the first render after the server starts. In the browser
 * a part rendered by the server keeps its markup until its code has loaded and hydrated it.
 */

const pending = new Set<Promise<unknown>>();

/** React.lazy, with the load announced to the server's renderer. */
export const lazyPart: typeof lazy = (load) =>
  lazy(() => {
    const loading = load();
    pending.add(loading);
    const settled = () => pending.delete(loading);
    loading.then(settled, settled);
    return loading;
  });

/** The parts whose code a render asked for and that have not loaded yet. */
export function pendingLazyParts(): Promise<unknown>[] {
  return [...pending];
}
