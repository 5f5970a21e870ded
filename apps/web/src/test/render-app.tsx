import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import type { RouteObject } from '../lib/router';
import { createMemoryRouter, RouterProvider } from '../lib/router';
import { AppProviders } from '../app/providers';
import { appRoutes } from '../app/routes';
import { createQueryClient } from '../lib/query-client';

interface Entry {
  pathname: string;
  search?: string;
  hash?: string;
  state?: unknown;
}

interface RenderAppOptions {
  routes?: RouteObject[];
}

/** Renders the real app (providers, routes, guards) at one address, as in the browser (StrictMode). */
export function renderApp(entry: string | Entry, { routes = appRoutes }: RenderAppOptions = {}) {
  const queryClient = createQueryClient();
  // Answers are simulated, so waiting to retry would only slow the tests down.
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    mutations: { ...queryClient.getDefaultOptions().mutations, retry: false },
  });
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const user = userEvent.setup();
  const view = render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { ...view, user, router, queryClient };
}
