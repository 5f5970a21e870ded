import type { History, Location, NavigationType, Path, To } from './history';
import {
  createBrowserHistory,
  createMemoryHistory,
  createPath,
  createStaticHistory,
  resolvePath,
} from './history';
import type { RouteMatch, RouteObject } from './match';
import { matchRoutes } from './match';

/** A form's hold on leaving its page (`useBlocker`): asked before any navigation it blocks. */
export interface Blocker {
  state: 'unblocked' | 'blocked' | 'proceeding';
  /** Goes on to the address that was blocked. */
  proceed?: () => void;
  /** Stays, and forgets the blocked navigation. */
  reset?: () => void;
  location?: Location;
}

export type BlockerFunction = (args: {
  currentLocation: Location;
  nextLocation: Location;
  historyAction: NavigationType;
}) => boolean;

export interface NavigateOptions {
  /** Replace the current entry instead of adding one (the default when `to` is the current address). */
  replace?: boolean;
  /** Left for the next page in its entry (`useLocation().state`). */
  state?: unknown;
  /** Keep the scroll position (a filter or a tab that changes the query string). */
  preventScrollReset?: boolean;
}

export interface RouterState {
  location: Location;
  historyAction: NavigationType;
  /** The routes the address opens, from the table's root to the page. */
  matches: RouteMatch[];
  /** False until the first page's code is in. */
  initialized: boolean;
  /** Routes that failed to load, each shown by the nearest error boundary at or above it. */
  errors: ReadonlyMap<RouteObject, unknown> | null;
  preventScrollReset: boolean;
  blockers: ReadonlyMap<string, Blocker>;
}

export interface Router {
  readonly routes: RouteObject[];
  readonly state: RouterState;
  /** Resolves once the first page's code is in (or failed to load). */
  readonly ready: Promise<void>;
  subscribe(listener: (state: RouterState) => void): () => void;
  /** Goes to `to`, once the page's code is in; a number moves in the session history (-1: Back). */
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
  createHref(to: Path): string;
  /** Asks `shouldBlock` before every navigation away, under `key` (its state is `state.blockers`). */
  registerBlocker(key: string, shouldBlock: BlockerFunction): void;
  deleteBlocker(key: string): void;
  dispose(): void;
}

export const IDLE_BLOCKER: Blocker = { state: 'unblocked' };

const loads = new WeakMap<RouteObject, Promise<void>>();

/** Loads a lazy route's parts into it, once; a failed load is tried again on the next navigation. */
function loadRoute(route: RouteObject): Promise<void> {
  const { lazy } = route;
  if (!lazy) return Promise.resolve();
  let load = loads.get(route);
  if (!load) {
    load = lazy().then((parts) => {
      Object.assign(route, parts);
      delete route.lazy;
    });
    loads.set(route, load);
    load.catch(() => loads.delete(route));
  }
  return load;
}

/** Loads every lazy route of `matches`; the failures, at the error boundary that shows each. */
async function loadMatches(matches: RouteMatch[]): Promise<Map<RouteObject, unknown> | null> {
  const results = await Promise.allSettled(matches.map((match) => loadRoute(match.route)));
  let errors: Map<RouteObject, unknown> | null = null;
  results.forEach((result, position) => {
    if (result.status === 'fulfilled') return;
    let boundary = position;
    while (boundary > 0 && !matches[boundary]!.route.ErrorBoundary) boundary -= 1;
    errors ??= new Map();
    const route = matches[boundary]!.route;
    if (!errors.has(route)) errors.set(route, result.reason);
  });
  return errors;
}

function createRouter(history: History, routes: RouteObject[]): Router {
  const listeners = new Set<(state: RouterState) => void>();
  const blockerFunctions = new Map<string, BlockerFunction>();
  let navigationId = 0;
  /** Set by a blocker's `proceed`: the navigation it lets through is not asked again. */
  let unblocked = false;
  /** The Back/Forward that undoes a blocked one is not a navigation. */
  let ignoreNextPop = false;

  const initialMatches = matchRoutes(routes, history.location.pathname) ?? [];
  let state: RouterState = {
    location: history.location,
    historyAction: history.action,
    matches: initialMatches,
    initialized: !initialMatches.some((match) => match.route.lazy),
    errors: null,
    preventScrollReset: false,
    blockers: new Map(),
  };

  function update(next: Partial<RouterState>) {
    state = { ...state, ...next };
    for (const listener of listeners) listener(state);
  }

  function setBlocker(key: string, blocker: Blocker) {
    if (!blockerFunctions.has(key)) return;
    update({ blockers: new Map(state.blockers).set(key, blocker) });
  }

  /** True when a blocker holds `nextLocation`: it is 'blocked', with `proceed` to go on. */
  function isBlocked(nextLocation: Location, historyAction: NavigationType, proceed: () => void): boolean {
    if (unblocked) {
      unblocked = false;
      return false;
    }
    for (const [key, shouldBlock] of blockerFunctions) {
      if (!shouldBlock({ currentLocation: state.location, nextLocation, historyAction })) continue;
      setBlocker(key, {
        state: 'blocked',
        location: nextLocation,
        proceed: () => {
          setBlocker(key, { state: 'proceeding', location: nextLocation });
          unblocked = true;
          proceed();
        },
        reset: () => setBlocker(key, IDLE_BLOCKER),
      });
      return true;
    }
    return false;
  }

  /** Shows `matches` once their code is in, unless another navigation started meanwhile. */
  async function complete(
    matches: RouteMatch[],
    preventScrollReset: boolean,
    write: () => { location: Location; historyAction: NavigationType },
  ) {
    const id = ++navigationId;
    // A page whose code is in is shown at once, in the same task as the click that asked for it.
    const errors = matches.some((match) => match.route.lazy) ? await loadMatches(matches) : null;
    if (id !== navigationId) return;
    const blockers = state.blockers.size
      ? new Map([...state.blockers.keys()].map((key) => [key, IDLE_BLOCKER]))
      : state.blockers;
    update({ ...write(), matches, errors, preventScrollReset, initialized: true, blockers });
  }

  const ready = state.initialized
    ? Promise.resolve()
    : complete(initialMatches, false, () => ({
        location: history.location,
        historyAction: history.action,
      }));

  const stopListening = history.listen((delta) => {
    if (ignoreNextPop) {
      ignoreNextPop = false;
      return;
    }
    const location = history.location;
    const proceed = () => history.go(delta);
    if (isBlocked(location, 'POP', proceed)) {
      ignoreNextPop = true;
      history.go(-delta);
      return;
    }
    void complete(matchRoutes(routes, location.pathname) ?? [], false, () => ({
      location,
      historyAction: 'POP',
    }));
  });

  function navigate(to: To | number, options: NavigateOptions = {}): Promise<void> {
    if (typeof to === 'number') {
      history.go(to);
      return Promise.resolve();
    }
    const path = resolvePath(to, state.location);
    const replace = options.replace ?? createPath(path) === createPath(state.location);
    const historyAction: NavigationType = replace ? 'REPLACE' : 'PUSH';
    const nextLocation: Location = { ...path, state: options.state ?? null, key: 'next' };
    if (isBlocked(nextLocation, historyAction, () => void navigate(to, options))) return Promise.resolve();
    return complete(matchRoutes(routes, path.pathname) ?? [], options.preventScrollReset === true, () => {
      if (replace) history.replace(path, options.state);
      else history.push(path, options.state);
      return { location: history.location, historyAction };
    });
  }

  return {
    routes,
    get state() {
      return state;
    },
    ready,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate,
    createHref: (to) => history.createHref(to),
    registerBlocker(key, shouldBlock) {
      blockerFunctions.set(key, shouldBlock);
    },
    deleteBlocker(key) {
      blockerFunctions.delete(key);
      if (state.blockers.has(key)) {
        const blockers = new Map(state.blockers);
        blockers.delete(key);
        update({ blockers });
      }
    },
    dispose() {
      stopListening();
      listeners.clear();
    },
  };
}

/** The app's router on the tab's session history. */
export function createBrowserRouter(routes: RouteObject[]): Router {
  return createRouter(createBrowserHistory(), routes);
}

export type InitialEntry = string | (Partial<Path> & { state?: unknown });

/** A router on a history held in memory (tests). */
export function createMemoryRouter(
  routes: RouteObject[],
  { initialEntries = ['/'], initialIndex }: { initialEntries?: InitialEntry[]; initialIndex?: number } = {},
): Router {
  return createRouter(createMemoryHistory(initialEntries, initialIndex), routes);
}

/** A router fixed at `url` (the server's render of a page): await `ready` before rendering. */
export function createStaticRouter(routes: RouteObject[], url: string): Router {
  return createRouter(createStaticHistory(url), routes);
}
