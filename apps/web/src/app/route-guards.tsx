import type { AdminPermission, CurrentUserDto } from '@castline/shared';
import { actsAsAdmin, actsAsCaptain, actsWithPermissions, policyActorOf } from '@castline/shared';
import type { ReactNode } from 'react';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from '../lib/router';
import { lazyNamed } from '../components/ui/lazy-layer';
import { PageSpinner } from '../components/ui/spinner';
import { useSession } from '../lib/session';
import type { FromState } from '../lib/redirect-target';
import { redirectTargetFrom } from '../lib/redirect-target';

// Shown to an admin without a page's permission: rare, so it loads when it is shown.
const AccessDenied = lazy(lazyNamed(() => import('./access-denied'), 'AccessDenied'));

/*
 * Client guards only shape the experience (no flash of the wrong page, the right redirect);
 * every API behind these pages checks the same rules on the server.
 */

/** Guest-only pages: a signed-in member goes back where they came from, else home. */
export function GuestOnlyRoute() {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageSpinner />;
  if (data?.user) return <Navigate to={redirectTargetFrom(location.state)} replace />;
  return <Outlet />;
}

/** Waits for the session, sends a guest to sign in (remembering this address), else renders `render(user)`. */
function WithMember({ render }: { render: (user: CurrentUserDto) => ReactNode }) {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageSpinner />;
  const user = data?.user;
  if (!user) {
    const state: FromState = { from: location };
    return <Navigate to="/auth/login" replace state={state} />;
  }
  return render(user);
}

/** Member-only pages: a guest is sent to sign in and comes back here afterwards. */
export function RequireAuth() {
  return <WithMember render={() => <Outlet />} />;
}

/**
 * Admin pages: the admin check needs the is_admin flag AND an admin_roles row (the server folds both
 * into `user.is_admin`). A non-admin goes home; an admin lacking a listed permission sees 'Access Denied'.
 */
export function RequireAdmin({ permissions = [] }: { permissions?: readonly AdminPermission[] }) {
  return (
    <WithMember
      render={(user) => {
        const actor = policyActorOf(user);
        if (!actsAsAdmin(actor)) return <Navigate to="/" replace />;
        if (!actsWithPermissions(actor, permissions))
          return (
            <Suspense fallback={<PageSpinner />}>
              <AccessDenied />
            </Suspense>
          );
        return <Outlet />;
      }}
    />
  );
}

/** The Captain's Club: a guest signs in first; a member without the captain flag goes to the marketplace. */
export function RequireCaptain() {
  return (
    <WithMember
      render={(user) => (actsAsCaptain(user) ? <Outlet /> : <Navigate to="/marketplace" replace />)}
    />
  );
}
