import type { AnchorHTMLAttributes, CSSProperties, MouseEvent, ReactNode, Ref } from 'react';
import {
  Component,
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { Location, NavigationType, To } from './history';
import { createPath, resolvePath } from './history';
import type { Blocker, BlockerFunction, NavigateOptions, Router, RouterState } from './router';
import { createMemoryRouter, IDLE_BLOCKER } from './router';

const RouterContext = createContext<Router | null>(null);
const StateContext = createContext<RouterState | null>(null);
/** The page inside the current route (what `<Outlet />` draws). */
const OutletContext = createContext<ReactNode>(null);
const RouteErrorContext = createContext<unknown>(undefined);

function useRouterContext(hook: string): { router: Router; state: RouterState } {
  const router = useContext(RouterContext);
  const state = useContext(StateContext);
  if (!router || !state)
    throw new Error(`${hook}() may be used only in the context of a <Router> component.`);
  return { router, state };
}

/** Shows a route's error boundary in its place when the route, or a route inside it, fails to render. */
class RouteBoundary extends Component<
  { location: Location; boundary: ReactNode; children: ReactNode },
  { error: unknown; location: Location }
> {
  override state = { error: undefined as unknown, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { location: Location },
    state: { error: unknown; location: Location },
  ) {
    // A new address is a new chance: the boundary shows the page again.
    if (props.location !== state.location) return { error: undefined, location: props.location };
    return null;
  }

  override render(): ReactNode {
    if (this.state.error === undefined) return this.props.children;
    return <RouteErrorContext value={this.state.error}>{this.props.boundary}</RouteErrorContext>;
  }
}

function DefaultError() {
  return <p role="alert">Something went wrong.</p>;
}

/** The element tree of `matches`: each route draws the next in its `<Outlet />`. */
function renderMatches(state: RouterState): ReactNode {
  const { matches, errors, location } = state;
  const failedAt = errors ? matches.findIndex((match) => errors.has(match.route)) : -1;
  const shown = failedAt >= 0 ? matches.slice(0, failedAt + 1) : matches;
  return shown.reduceRight<ReactNode>((outlet, match, position) => {
    const { route } = match;
    const Boundary = route.ErrorBoundary ?? (position === 0 ? DefaultError : null);
    if (position === failedAt && errors) {
      const Shown = Boundary ?? DefaultError;
      return (
        <RouteErrorContext value={errors.get(route)}>
          <Shown />
        </RouteErrorContext>
      );
    }
    const Page = route.Component;
    const element = route.element ?? (Page ? <Page /> : outlet);
    const content = <OutletContext value={outlet}>{element}</OutletContext>;
    if (!Boundary) return content;
    return (
      <RouteBoundary location={location} boundary={<Boundary />}>
        {content}
      </RouteBoundary>
    );
  }, null);
}

/** Draws the router's page, and follows its navigations. */
export function RouterProvider({ router }: { router: Router }) {
  const [state, setState] = useState(router.state);
  useLayoutEffect(() => {
    const follow = () => startTransition(() => setState(router.state));
    // A navigation may have finished between the first render and this subscription.
    if (router.state !== state) follow();
    return router.subscribe(follow);
  }, [router, state]);
  let content: ReactNode;
  if (state.initialized) content = renderMatches(state);
  else {
    const Fallback = state.matches[0]?.route.HydrateFallback;
    content = Fallback ? <Fallback /> : null;
  }
  return (
    <RouterContext value={router}>
      <StateContext value={state}>{content}</StateContext>
    </RouterContext>
  );
}

/**
 * A router for one component under test: `children` at `initialEntries`' last address, with links
 * and navigations followed in memory.
 */
export function MemoryRouter({
  initialEntries,
  children,
}: {
  initialEntries?: string[];
  children: ReactNode;
}) {
  const [router] = useState(() => createMemoryRouter([{ path: '*' }], { initialEntries }));
  const [state, setState] = useState(router.state);
  useEffect(() => router.subscribe((next) => setState(next)), [router]);
  return (
    <RouterContext value={router}>
      <StateContext value={state}>{children}</StateContext>
    </RouterContext>
  );
}

/** The page inside the current route. */
export function Outlet() {
  return useContext(OutletContext);
}

export function useLocation(): Location {
  return useRouterContext('useLocation').state.location;
}

export function useNavigationType(): NavigationType {
  return useRouterContext('useNavigationType').state.historyAction;
}

/** The values of the address's `:name` segments. */
export function useParams<
  T extends Record<string, string | undefined> = Record<string, string | undefined>,
>(): T {
  const { matches } = useRouterContext('useParams').state;
  return (matches.at(-1)?.params ?? {}) as T;
}

export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

export type NavigateFunction = (to: To | number, options?: NavigateOptions) => Promise<void>;

export function useNavigate(): NavigateFunction {
  const { router } = useRouterContext('useNavigate');
  return useCallback<NavigateFunction>((to, options) => router.navigate(to, options), [router]);
}

type SearchParamsInit = string | URLSearchParams | Record<string, string> | [string, string][];

/** The address's query, and a way to go to the same page with another one. */
export function useSearchParams(): [
  URLSearchParams,
  (
    next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
    options?: NavigateOptions,
  ) => void,
] {
  const { router, state } = useRouterContext('useSearchParams');
  const { search } = state.location;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setSearchParams = useCallback(
    (
      next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
      options?: NavigateOptions,
    ) => {
      const current = new URLSearchParams(router.state.location.search);
      const query = new URLSearchParams(typeof next === 'function' ? next(current) : next).toString();
      void router.navigate({ search: query ? `?${query}` : '' }, options);
    },
    [router],
  );
  return [params, setSearchParams];
}

/** Asks `shouldBlock` before every navigation away; a blocked one waits for `proceed` or `reset`. */
export function useBlocker(shouldBlock: boolean | BlockerFunction): Blocker {
  const { router, state } = useRouterContext('useBlocker');
  const key = useId();
  // The latest function decides; a new one on each render does not reset a blocked navigation.
  useEffect(() => {
    router.registerBlocker(key, (args) =>
      typeof shouldBlock === 'function' ? shouldBlock(args) : shouldBlock,
    );
  }, [router, key, shouldBlock]);
  useEffect(() => () => router.deleteBlocker(key), [router, key]);
  return state.blockers.get(key) ?? IDLE_BLOCKER;
}

/** Goes to `to` as soon as it is drawn (a redirect). */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const { router } = useRouterContext('Navigate');
  const target = typeof to === 'string' ? to : createPath(resolvePath(to, router.state.location));
  // The state goes with the navigation; a new object on each render is not a new redirect.
  const stateRef = useRef(state);
  useEffect(() => {
    void router.navigate(target, { replace, state: stateRef.current });
  }, [router, target, replace]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> &
  NavigateOptions & {
    to: To;
    ref?: Ref<HTMLAnchorElement>;
  };

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/** A link within the app: a real `<a href>` whose plain left click navigates without a page load. */
export function Link({ to, replace, state, preventScrollReset, onClick, target, ...anchor }: LinkProps) {
  const { router, state: routerState } = useRouterContext('Link');
  const path = resolvePath(to, routerState.location);
  const href = router.createHref(path);
  return (
    <a
      {...anchor}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainLeftClick(event, target)) return;
        event.preventDefault();
        void router.navigate(path, { replace, state, preventScrollReset });
      }}
    />
  );
}

interface NavLinkRenderProps {
  isActive: boolean;
  isPending: boolean;
}

type NavLinkProps = Omit<LinkProps, 'className' | 'style' | 'children'> & {
  /** Active on its own address only, not on the addresses under it. */
  end?: boolean;
  className?: string | ((props: NavLinkRenderProps) => string | undefined);
  style?: CSSProperties | ((props: NavLinkRenderProps) => CSSProperties | undefined);
  children?: ReactNode | ((props: NavLinkRenderProps) => ReactNode);
};

/** A link that knows when its page is the current one (`aria-current="page"`, class `active`). */
export function NavLink({ end = false, className, style, children, ...link }: NavLinkProps) {
  const { state } = useRouterContext('NavLink');
  const current = state.location.pathname.toLowerCase();
  const target = resolvePath(link.to, state.location).pathname.toLowerCase();
  const boundary = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive =
    current === target || (!end && current.startsWith(target) && current.charAt(boundary) === '/');
  const props: NavLinkRenderProps = { isActive, isPending: false };
  return (
    <Link
      {...link}
      aria-current={isActive ? 'page' : undefined}
      className={
        typeof className === 'function'
          ? className(props)
          : [className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined
      }
      style={typeof style === 'function' ? style(props) : style}
    >
      {typeof children === 'function' ? children(props) : children}
    </Link>
  );
}

const SCROLL_KEY = 'castline:scroll-positions';

function readPositions(): Record<string, number> {
  // The server's render has no session storage (nor a scroll position).
  if (typeof window === 'undefined') return {};
  try {
    return JSON.parse(window.sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * Scrolls as a browser does between documents: to the top of a new page (or to its `#anchor`), and
 * back to where the member was on Back and Forward, for this tab's session.
 */
export function ScrollRestoration() {
  const { router, state } = useRouterContext('ScrollRestoration');
  const { location, historyAction, preventScrollReset } = state;
  const [positions] = useState(readPositions);

  // Leaving an entry, note where it was scrolled to: the router tells before the next page is drawn.
  useEffect(() => {
    let key = router.state.location.key;
    return router.subscribe((next) => {
      if (next.location.key === key) return;
      positions[key] = window.scrollY;
      key = next.location.key;
    });
  }, [router, positions]);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      try {
        window.sessionStorage.setItem(SCROLL_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or refused: positions are kept for this page's life only.
      }
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, [positions]);

  useLayoutEffect(() => {
    if (historyAction === 'POP' && positions[location.key] !== undefined) {
      window.scrollTo(0, positions[location.key]!);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (!preventScrollReset) window.scrollTo(0, 0);
  }, [location, historyAction, preventScrollReset, positions]);
  return null;
}
