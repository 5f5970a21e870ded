import {
  hasPermissions,
  isAdmin,
  type AdminPermission,
  type PermissionActor,
} from '../admin/admin-permissions.js';

/** The caller as the rules see it: the server's Actor, or the web's current user (policyActorOf). */
export interface MemberActor extends PermissionActor {
  id: string;
  status: string;
}

/**
 * A banned member keeps a session to read, but writes nothing (no listing, offer, message,
 * alert, post, comment or rating) and passes no staff or captain guard.
 */
export function isBannedMember(actor: Pick<MemberActor, 'status'> | null | undefined): boolean {
  return actor?.status === 'banned';
}

/** A signed-in member who is not banned: the one who may write. */
export function canActAsMember(actor: Pick<MemberActor, 'status'> | null | undefined): boolean {
  return Boolean(actor) && !isBannedMember(actor);
}

/**
 * The policy actor of the web's current user. The session's `is_admin` is already the server's
 * full admin check (flag and role row), so it stands for both.
 */
export function policyActorOf(
  user: { id: string; status: string; is_admin: boolean; permissions: readonly string[] } | null | undefined,
): MemberActor | null {
  if (!user) return null;
  return {
    id: user.id,
    status: user.status,
    is_admin: user.is_admin,
    permissions: user.permissions,
    hasAdminRole: user.is_admin,
  };
}

/** Staff: the admin check (the is_admin flag and an admin_roles row), and not banned. */
export function actsAsAdmin(actor: (PermissionActor & { status: string }) | null | undefined): boolean {
  return Boolean(actor && !isBannedMember(actor) && isAdmin(actor));
}

/** Staff holding every listed permission, and not banned. */
export function actsWithPermissions(
  actor: (PermissionActor & { status: string }) | null | undefined,
  required: readonly AdminPermission[],
): boolean {
  return actsAsAdmin(actor) && hasPermissions(actor, required);
}

/** A captain (the Captain's Club, saved-search alerts), not banned. */
export function actsAsCaptain(actor: { status: string; is_captain: boolean } | null | undefined): boolean {
  return Boolean(actor && !isBannedMember(actor) && actor.is_captain);
}
