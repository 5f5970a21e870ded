import { RouterProvider } from '../lib/router';
import { sessionQueryOptions } from '../lib/session';
import { seedPrerenderedData } from '../lib/prerendered-data';
import { createQueryClient } from '../lib/query-client';
import { AppErrorBoundary } from './error-fallback';
import { AppProviders } from './providers';
import { router } from './router';

const queryClient = createQueryClient();
// A page the server rendered (a guest's public page) carries the data it was rendered from.
seedPrerenderedData(queryClient);
// Every page asks who is signed in: ask now, while the first page's code is still on its way.
void queryClient.prefetchQuery(sessionQueryOptions);

export function App() {
  return (
    <AppErrorBoundary>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  );
}
