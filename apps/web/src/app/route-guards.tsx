import type { AdminPermission, CurrentUserDto } from '@castline/shared';
import {
  ACCESS_MESSAGES,
  actsAsAdmin,
  actsAsCaptain,
  actsWithPermissions,
  policyActorOf,
} from '@castline/shared';
import { ShieldX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation } from '../lib/router';
import { buttonClasses } from '../components/ui/button';
import { PageSpinner } from '../components/ui/spinner';
import { useSession } from '../lib/session';
import type { FromState } from '../lib/redirect-target';
import { redirectTargetFrom } from '../lib/redirect-target';

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

export function AccessDenied() {
  return (
    <div role="alert" className="flex flex-1 items-center justify-center px-4 py-20">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger">
          <ShieldX aria-hidden="true" size={28} />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight text-ink">
          {ACCESS_MESSAGES.accessDeniedTitle}
        </h1>
        <p className="text-ink-muted">{ACCESS_MESSAGES.accessDeniedBody}</p>
        <Link to="/admin" className={buttonClasses({ variant: 'secondary' })}>
          Back to the Admin Dashboard
        </Link>
      </div>
    </div>
  );
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
        if (!actsWithPermissions(actor, permissions)) return <AccessDenied />;
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
