import { RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { AppErrorBoundary } from './error-fallback';
import { AppProviders } from './providers';
import { router } from './router';

const queryClient = createQueryClient();

export function App() {
  return (
    <AppErrorBoundary>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  );
}
