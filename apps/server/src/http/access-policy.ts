import type { AdminPermission, CurrentUserDto } from '@castline/shared';
import {
  ACCESS_MESSAGES,
  actsAsAdmin,
  actsAsCaptain,
  actsWithPermissions,
  isBannedMember,
} from '@castline/shared';
import { ForbiddenError } from './errors.js';

/**
 * The signed-in caller as the guards and handlers see it: the current-user shape (is_admin is
 * already the flag AND an admin_roles row; permissions are the row's for admins) plus whether an
 * admin_roles row exists, so that it is a PermissionActor for the shared policies.
 */
export type Actor = CurrentUserDto & { hasAdminRole: boolean };

/** What a route asks of its caller (`config: { auth }`). */
export type AuthMode = 'required' | 'optional' | 'admin' | 'captain';

/** A banned member keeps a session for reading but passes no admin or captain guard. */
export function isBannedActor(actor: Actor): boolean {
  return isBannedMember(actor);
}

// The guards read the shared policies (packages/shared/src/accounts/member.policy.ts).
export { actsAsAdmin, actsAsCaptain, actsWithPermissions };

/** Throws 403 unless the actor may use a route guarded by `mode` (and its permissions). */
export function assertRouteAccess(
  mode: AuthMode,
  actor: Actor,
  permissions: readonly AdminPermission[] = [],
): void {
  if (mode === 'admin' && !actsWithPermissions(actor, permissions)) {
    throw new ForbiddenError(ACCESS_MESSAGES.insufficientPermissions);
  }
  if (mode === 'captain' && !actsAsCaptain(actor)) {
    throw new ForbiddenError(ACCESS_MESSAGES.captainsOnly);
  }
}
