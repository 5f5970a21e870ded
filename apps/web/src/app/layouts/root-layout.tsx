import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { recoveryRedirectTarget } from '../recovery-redirect';
import { AppFrame } from './app-frame';

export function RootLayout() {
  const location = useLocation();
  const recoveryTarget = recoveryRedirectTarget(location);
  return (
    <AppFrame>
      {recoveryTarget ? <Navigate to={recoveryTarget} replace /> : <Outlet />}
      <ScrollRestoration />
    </AppFrame>
  );
}

/** Shown while the first route module loads. */
export function RootLoading() {
  return (
    <AppFrame>
      <PageSpinner />
    </AppFrame>
  );
}
