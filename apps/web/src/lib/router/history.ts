/*
 * The address bar as a store: the browser's session history (pushState/popstate), or a list of
 * entries held in memory (tests), or one fixed address (the server's render). Every entry has a
 * key, kept in `history.state` with its index, so that a page can remember things per entry (its
 * scroll position, a list's place) and a Back can be undone when a form asks to stay.
 */

/** The parts of an address a link or a navigation names; what is left out is the current one's. */
export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

/** An entry of the session history. */
export interface Location extends Path {
  /** What the page that navigated here left for this entry (`navigate(to, { state })`). */
  state: unknown;
  /** Unique to the entry; 'default' for the first page a tab opened. */
  key: string;
}

export type To = string | Partial<Path>;

/** How the current entry was reached: a link or navigation (PUSH, REPLACE), or Back/Forward (POP). */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface History {
  readonly location: Location;
  readonly action: NavigationType;
  /** The entry's position in the session history: a Back's distance is the difference. */
  readonly index: number;
  createHref(to: Path): string;
  push(to: Path, state: unknown): void;
  replace(to: Path, state: unknown): void;
  go(delta: number): void;
  /** Called after Back/Forward (and `go`) moved the entry, with how far it moved. */
  listen(onPop: (delta: number) => void): () => void;
}

export function createPath({ pathname, search, hash }: Partial<Path>): string {
  return `${pathname ?? '/'}${search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : ''}${
    hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : ''
  }`;
}

/** Splits '/a?b=1#c' into its parts; the parts a string leaves out stay undefined. */
export function parsePath(path: string): Partial<Path> {
  const parts: Partial<Path> = {};
  let rest = path;
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    parts.hash = rest.slice(hashAt);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) {
    parts.search = rest.slice(searchAt);
    rest = rest.slice(0, searchAt);
  }
  if (rest) parts.pathname = rest;
  return parts;
}

/**
 * Where `to` leads from `from`: an absolute path as is, '?x' or '#x' on the current page, and a
 * relative path ('edit', '../x') from the current page's path.
 */
export function resolvePath(to: To, from: Path): Path {
  const parts = typeof to === 'string' ? parsePath(to) : to;
  let pathname = parts.pathname ?? from.pathname;
  if (!pathname.startsWith('/')) {
    const segments = from.pathname.split('/').filter(Boolean);
    for (const segment of pathname.split('/')) {
      if (segment === '..') segments.pop();
      else if (segment !== '.' && segment !== '') segments.push(segment);
    }
    pathname = `/${segments.join('/')}`;
  }
  // '//host/x' would leave the site: within the app it is the path '/host/x'.
  pathname = pathname.replace(/\/{2,}/g, '/');
  const keepsPage = parts.pathname === undefined;
  return {
    pathname,
    search: normalise(parts.search ?? (keepsPage && parts.hash !== undefined ? from.search : ''), '?'),
    hash: normalise(parts.hash ?? '', '#'),
  };
}

function normalise(part: string, mark: '?' | '#'): string {
  if (!part || part === mark) return '';
  return part.startsWith(mark) ? part : `${mark}${part}`;
}

function createKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

function entryStateOf(value: unknown): Partial<EntryState> {
  return typeof value === 'object' && value !== null ? (value as Partial<EntryState>) : {};
}

/** The tab's session history. */
export function createBrowserHistory(win: Window = window): History {
  const readLocation = (): Location => {
    const { pathname, search, hash } = win.location;
    const entry = entryStateOf(win.history.state);
    return { pathname, search, hash, state: entry.usr ?? null, key: entry.key ?? 'default' };
  };
  let index = entryStateOf(win.history.state).idx ?? 0;
  if (entryStateOf(win.history.state).idx === undefined) {
    win.history.replaceState({ ...entryStateOf(win.history.state), idx: index }, '');
  }
  let location = readLocation();
  let action: NavigationType = 'POP';
  const listeners = new Set<(delta: number) => void>();

  win.addEventListener('popstate', () => {
    const entry = entryStateOf(win.history.state);
    let next = entry.idx;
    if (next === undefined) {
      // A plain link to a #fragment added an entry of the browser's own: it gets a key and an index.
      next = index + 1;
      win.history.replaceState({ usr: null, key: createKey(), idx: next } satisfies EntryState, '');
    }
    const delta = next - index;
    index = next;
    location = readLocation();
    action = 'POP';
    for (const listener of listeners) listener(delta);
  });

  const write = (to: Path, state: unknown, replace: boolean) => {
    if (!replace) index += 1;
    const entry: EntryState = { usr: state ?? null, key: createKey(), idx: index };
    const url = createPath(to);
    if (replace) win.history.replaceState(entry, '', url);
    else {
      try {
        win.history.pushState(entry, '', url);
      } catch {
        // Safari limits pushState to 100 calls in 30 s; past it, the page is loaded as a document.
        win.location.assign(url);
        return;
      }
    }
    location = readLocation();
    action = replace ? 'REPLACE' : 'PUSH';
  };

  return {
    get location() {
      return location;
    },
    get action() {
      return action;
    },
    get index() {
      return index;
    },
    createHref: createPath,
    push: (to, state) => write(to, state, false),
    replace: (to, state) => write(to, state, true),
    go: (delta) => win.history.go(delta),
    listen(onPop) {
      listeners.add(onPop);
      return () => listeners.delete(onPop);
    },
  };
}

/** A session history held in memory, for tests: `entries` as a list of addresses, at `initialIndex`. */
export function createMemoryHistory(
  entries: (string | (Partial<Path> & { state?: unknown }))[] = ['/'],
  initialIndex = entries.length - 1,
): History {
  const stack: Location[] = entries.map((entry, position) => {
    const parts = typeof entry === 'string' ? parsePath(entry) : entry;
    return {
      ...resolvePath(parts, { pathname: '/', search: '', hash: '' }),
      state: typeof entry === 'string' ? null : (entry.state ?? null),
      key: position === 0 ? 'default' : createKey(),
    };
  });
  let index = Math.min(Math.max(initialIndex, 0), stack.length - 1);
  let action: NavigationType = 'POP';
  const listeners = new Set<(delta: number) => void>();

  return {
    get location() {
      return stack[index]!;
    },
    get action() {
      return action;
    },
    get index() {
      return index;
    },
    createHref: createPath,
    push(to, state) {
      index += 1;
      stack.splice(index, stack.length, { ...to, state: state ?? null, key: createKey() });
      action = 'PUSH';
    },
    replace(to, state) {
      stack[index] = { ...to, state: state ?? null, key: createKey() };
      action = 'REPLACE';
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), stack.length - 1);
      const moved = next - index;
      if (moved === 0) return;
      index = next;
      action = 'POP';
      // As in a browser, the move is reported after the call returns.
      queueMicrotask(() => {
        for (const listener of listeners) listener(moved);
      });
    },
    listen(onPop) {
      listeners.add(onPop);
      return () => listeners.delete(onPop);
    },
  };
}

/** One fixed address: the server renders a page and never navigates. */
export function createStaticHistory(url: string): History {
  const memory = createMemoryHistory([url]);
  return { ...memory, push() {}, replace() {}, go() {}, listen: () => () => {} } as History;
}
