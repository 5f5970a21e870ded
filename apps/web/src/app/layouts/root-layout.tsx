import { useQueryClient } from '@tanstack/react-query';
import type { SessionStateDto } from '@castline/shared';
import { useEffect } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation } from '../../lib/router';
import { PageSpinner } from '../../components/ui/spinner';
import { authKeys, useSession } from '../../lib/session';
import { onSessionExpired } from '../../lib/api-client';
import { setMonitoringSignedIn } from '../../lib/monitoring';
import { useRealtimeSync } from '../realtime-sync';
import { recoveryRedirectTarget } from '../recovery-redirect';
import { AuthDialogProvider } from '../shell/auth-dialog';
import { AppFrame } from './app-frame';

const SIGNED_OUT: SessionStateDto = { user: null, session: null };

/** When the server no longer knows this browser's session, drop everything cached for the member. */
function useSessionExpiry() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSessionExpired(() => {
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
        queryClient.setQueryData<SessionStateDto>(authKeys.session, SIGNED_OUT);
      }),
    [queryClient],
  );
}

/** Monitoring delivery sends only while signed in: it learns the session from the app. */
function useMonitoringSession() {
  const session = useSession();
  const known = session.data !== undefined;
  const signedIn = Boolean(session.data?.user);
  useEffect(() => {
    if (known) setMonitoringSignedIn(signedIn);
  }, [known, signedIn]);
}

export function RootLayout() {
  const location = useLocation();
  const recoveryTarget = recoveryRedirectTarget(location);
  useSessionExpiry();
  useMonitoringSession();
  useRealtimeSync();
  return (
    <AuthDialogProvider>
      <AppFrame>
        {recoveryTarget ? <Navigate to={recoveryTarget} replace /> : <Outlet />}
        <ScrollRestoration />
      </AppFrame>
    </AuthDialogProvider>
  );
}

/** Shown while the first route module loads. */
export function RootLoading() {
  return (
    <div className="flex min-h-dvh flex-col">
      <div className="h-16 bg-topbar" />
      <PageSpinner />
    </div>
  );
}
