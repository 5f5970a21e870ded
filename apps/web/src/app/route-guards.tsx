import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { useSession } from '../features/auth/api/auth.api';
import type { FromState } from '../lib/redirect-target';
import { redirectTargetFrom } from '../lib/redirect-target';

/** Guest-only pages: a signed-in member goes back where they came from, else home. */
export function GuestOnlyRoute() {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageSpinner />;
  if (data?.user) return <Navigate to={redirectTargetFrom(location.state)} replace />;
  return <Outlet />;
}

/** Member-only pages: a guest is sent to sign in and comes back here afterwards. */
export function RequireAuth() {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageSpinner />;
  if (!data?.user) {
    const state: FromState = { from: location };
    return <Navigate to="/auth/login" replace state={state} />;
  }
  return <Outlet />;
}
