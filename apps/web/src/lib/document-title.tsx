import { useEffect } from 'react';

/**
 * The page's title ("Marketplace · Castline"), for as long as the component is on screen.
 *
 * On the server it is a `<title>` element, which React DOM's server renderer puts at the front of
 * its markup for the server to move into the page's head (http/page-prerender.ts). In the browser
 * it sets `document.title`, and gives back the title it found when it leaves: the browser's build
 * runs on preact/compat, which does not move a `<title>` into the head (decision 0025).
 */
export function DocumentTitle({ children }: { children: string }) {
  useEffect(() => {
    const before = document.title;
    document.title = children;
    return () => {
      document.title = before;
    };
  }, [children]);
  // eslint-disable-next-line no-restricted-syntax -- the server's render, which React DOM hoists
  return typeof document === 'undefined' ? <title>{children}</title> : null;
}
