import { useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigationType } from '../../../lib/router';

/*
 * Back to the marketplace returns the member to where they were in the list. The router puts the
 * page back where it was when the list is still cached; but the list's pages are kept 5 minutes
 * (spec 000 §9), and after a longer look at a listing (or a reload) they load again, one page at
 * first, so there is nothing yet at the old position to scroll to. This keeps, per history entry,
 * how far down the member was and how many pages were loaded; coming back by Back or Forward, the
 * list loads as many pages again and then scrolls there.
 */

const STORAGE_KEY = 'castline:marketplace-positions';
/** History entries remembered (the latest ones). */
const KEPT = 30;

export interface ListPosition {
  /** window.scrollY */
  y: number;
  /** Pages of results loaded. */
  pages: number;
}

function readPositions(): Record<string, ListPosition> {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, ListPosition>) : {};
  } catch {
    return {};
  }
}

export function savedListPosition(key: string): ListPosition | null {
  const position = readPositions()[key];
  return position && Number.isFinite(position.y) && Number.isInteger(position.pages) ? position : null;
}

export function saveListPosition(key: string, position: ListPosition): void {
  const positions = readPositions();
  delete positions[key];
  positions[key] = position;
  const keys = Object.keys(positions);
  for (const old of keys.slice(0, Math.max(0, keys.length - KEPT))) delete positions[old];
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or refused: Back still lands where the router puts it.
  }
}

/** The parts of the list's infinite query this needs. */
export interface PagedList {
  data?: { pages: readonly unknown[] };
  /** The previous search's results, shown while this one loads. */
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: (options: { cancelRefetch: boolean }) => Promise<unknown>;
}

/**
 * Remembers where the member is in the list and, coming back to it, takes them there again. Drawn
 * nowhere; loaded after the page's first paint (ListReturnPosition), as restoring waits for the
 * list anyway.
 */
export function ListReturnPosition({ list }: { list: PagedList }): null {
  useListReturnPosition(list);
  return null;
}

function useListReturnPosition(list: PagedList): void {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  // Only Back and Forward return somewhere; a link or a new search starts at the top.
  const target = useMemo(
    () => (navigationType === 'POP' ? savedListPosition(key) : null),
    [key, navigationType],
  );
  /** The entry whose position has been put back (or that had none to put back). */
  const settledKey = useRef<string | null>(null);
  const pagesRef = useRef(0);
  const pages = list.isPlaceholderData ? undefined : list.data?.pages.length;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  useLayoutEffect(() => {
    pagesRef.current = pages ?? 0;
  }, [pages]);

  // Keep this entry's position while the member scrolls, and leave it behind on the way out
  // (layout-effect cleanup: before the next page is laid out and scrolled to its top).
  useLayoutEffect(() => {
    if (!target) settledKey.current = key;
    const settled = () => settledKey.current === key;
    let y: number | null = null;
    const onScroll = () => {
      // Until the position is put back, the page's scrolling is the router's or the loading's.
      if (settled()) y = window.scrollY;
    };
    const persist = () => {
      if (settled()) saveListPosition(key, { y: y ?? window.scrollY, pages: pagesRef.current });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', persist);
      persist();
    };
  }, [key, target]);

  // Coming back: once as many pages as before are there, go to the same place.
  useLayoutEffect(() => {
    if (!target || settledKey.current === key || pages === undefined) return;
    if (pages < target.pages && hasNextPage) {
      if (!isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
      return;
    }
    settledKey.current = key;
    window.scrollTo(0, target.y);
  }, [key, target, pages, hasNextPage, isFetchingNextPage, fetchNextPage]);
}
