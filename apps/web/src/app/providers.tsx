import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { ToastProvider } from '../components/ui/toaster';
import { RealtimeClient, RealtimeProvider } from '../lib/realtime';

interface AppProvidersProps {
  queryClient: QueryClient;
  /** The app's realtime connection; one is made when none is given. It connects once started. */
  realtime?: RealtimeClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, realtime, children }: AppProvidersProps) {
  const [ownRealtime] = useState(() => realtime ?? new RealtimeClient());
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider client={realtime ?? ownRealtime}>
        <ToastProvider>{children}</ToastProvider>
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
