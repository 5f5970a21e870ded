import type { SessionStateDto } from '@castline/shared';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { StrictMode } from 'react';
import type { InitialEntry, RouteObject } from '../lib/router';
import { createMemoryRouter, RouterProvider, useLocation } from '../lib/router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';
import type { MockAnswer } from './fetch-mock';
import { mockServer } from './fetch-mock';
import { memberSession } from './fixtures';

type ServerRoutes = Parameters<typeof mockServer>[0];

interface RenderRouteOptions {
  /** The route pattern the element is mounted at ("/profile/:userId"). */
  path?: string;
  /** The address to open; defaults to `path`. */
  initialEntry?: InitialEntry;
  /** What GET /api/auth/session answers; a signed-in member by default. */
  session?: SessionStateDto;
  /** Further simulated server answers ("GET /api/profiles/u_1": { body }). */
  server?: ServerRoutes;
  /** Extra routes next to the page (targets of links and redirects). */
  routes?: RouteObject[];
}

/** Shows where a test navigated to when the address matches no page under test. */
function ElsewhereProbe() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders one page alone (no shell, no guards) in a memory router with the app's providers, a fresh
 * query client without retries and a simulated server that knows the session.
 */
export function renderRoute(
  element: ReactElement,
  {
    path = '/',
    initialEntry = path,
    session = memberSession,
    server = {},
    routes = [],
  }: RenderRouteOptions = {},
) {
  const mock = mockServer({ 'GET /api/auth/session': { body: session }, ...server });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    mutations: { ...queryClient.getDefaultOptions().mutations, retry: false },
  });
  const router = createMemoryRouter(
    [{ path, element }, ...routes, { path: '*', element: <ElsewhereProbe /> }],
    {
      initialEntries: [initialEntry],
    },
  );
  const user = userEvent.setup();
  const view = render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { ...view, user, router, queryClient, server: mock };
}

/** An answer held back until the test calls `release()`: to see what a page shows while it waits. */
export function heldAnswer(answer: MockAnswer) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    route: async (): Promise<MockAnswer> => {
      await released;
      return answer;
    },
    release: () => release(),
  };
}
