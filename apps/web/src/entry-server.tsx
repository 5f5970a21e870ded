/**
 * The first paint of public pages, rendered on the server for guests (docs/decisions/0012).
 *
 * The API server loads this module's build (dist-ssr/entry-server.js) and calls `render` for a
 * guest's GET of a public page. It renders the same route table and components as the browser,
 * with the page's queries answered in-process through `transport` (the server's own routes, with
 * their validation and access rules), and returns the markup plus the data it used. The browser
 * seeds its query cache with that data and renders the same page over the markup: the content, its
 * photos and the largest paint arrive with the HTML instead of after the page's code and its API
 * calls.
 */
import type { Query, QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import type { PrerenderedQuery, SessionStateDto } from '@castline/shared';
import { AppProviders } from './app/providers';
import { appRoutes } from './app/routes';
import { authKeys } from './lib/session';
import { isApiError, setApiTransport, type ApiTransport } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { pendingLazyParts } from './lib/lazy-part';
import { createStaticRouter, RouterProvider } from './lib/router';

export interface RenderedPage {
  /** The markup of the app's root, for `<div id="root">`. */
  html: string;
  /** Every query the page read, answered: the browser's cache starts with them. */
  queries: PrerenderedQuery[];
  /**
   * False when a query of the page failed in a way another request might not (rate limit, server
   * error): the page went out without that part, and is not kept for the next guest
   * (page-cache.ts).
   */
  complete: boolean;
}

const SIGNED_OUT: SessionStateDto = { user: null, session: null };
/**
 * Rounds of render-then-fetch: a page whose queries depend on other queries' answers needs two,
 * and a part whose code loads only when the data calls for it (lib/lazy-part.ts) one more.
 */
const RENDER_ROUNDS = 3;

/**
 * A failure that another request could answer differently: refused by this guest's rate limit,
 * a server error, no answer at all. A 401 or 404 is the page's answer for every guest.
 */
function isTransientFailure(error: unknown): boolean {
  return !isApiError(error) || error.isNetworkError || error.status === 429 || error.status >= 500;
}

function pendingQueries(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && query.options.queryFn !== undefined);
}

/** Renders `url` for a guest; `transport` answers the page's API requests. */
export async function render(url: string, transport: ApiTransport): Promise<RenderedPage> {
  setApiTransport(transport);
  const router = createStaticRouter(appRoutes, url);
  // The page's code (its lazily loaded route) is in before the first render.
  await router.ready;

  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  // Only guests are rendered here: the page is what a visitor who is not signed in sees.
  queryClient.setQueryData(authKeys.session, SIGNED_OUT);

  const page = () =>
    renderToString(
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>,
    );

  let html = page();
  for (let round = 0; round < RENDER_ROUNDS; round++) {
    const pending = pendingQueries(queryClient);
    const parts = pendingLazyParts();
    if (pending.length === 0 && parts.length === 0) break;
    // A query that fails is left out: the browser asks for it again as it would have anyway.
    await Promise.allSettled([...pending.map((query) => query.fetch()), ...parts]);
    html = page();
  }

  const all = queryClient.getQueryCache().getAll();
  const complete = all.every(
    (query) => query.state.status !== 'error' || !isTransientFailure(query.state.error),
  );
  const queries = all
    .filter((query) => query.state.status === 'success')
    .map((query) => ({
      queryKey: query.queryKey as unknown[],
      data: query.state.data,
      updatedAt: query.state.dataUpdatedAt,
    }));
  queryClient.clear();
  return { html, queries, complete };
}
