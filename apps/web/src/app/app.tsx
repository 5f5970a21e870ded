import { RouterProvider } from 'react-router';
import { sessionQueryOptions } from '../features/auth/api/auth.api';
import { createQueryClient } from '../lib/query-client';
import { AppErrorBoundary } from './error-fallback';
import { AppProviders } from './providers';
import { router } from './router';

const queryClient = createQueryClient();
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
