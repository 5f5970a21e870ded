/*
 * The app's router (docs/decisions/0026-the-apps-own-router.md): the route table's matching, lazily
 * loaded pages with their error boundaries, links, redirects, the address's query, a form's hold on
 * leaving, and scroll restoration, over the History API. Its names and behaviour are React
 * Router's where the app used them.
 */
export type { Location, NavigationType, Path, To } from './history';
export { createPath } from './history';
export type { LazyRouteParts, RouteMatch, RouteObject } from './match';
export { matchRoutes } from './match';
export type { Blocker, BlockerFunction, InitialEntry, NavigateOptions, Router, RouterState } from './router';
export { createBrowserRouter, createMemoryRouter, createStaticRouter } from './router';
export type { NavigateFunction } from './react';
export {
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  useBlocker,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useRouteError,
  useSearchParams,
} from './react';
