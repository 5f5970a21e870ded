import type { ActiveSessionDto, CurrentUserDto } from '@castline/shared';
import { isAdmin, ProfileRole, ProfileStatus, profileRoleFromAdminRole } from '@castline/shared';
import type { Actor } from '../../http/access-policy.js';
import type { AccountRecord, SessionRow } from './accounts.repository.js';

// Built once: a schema made per call costs more than the parse (every signed-in request presents its caller).
const roleOrMember = ProfileRole.catch('user');
const statusOrActive = ProfileStatus.catch('active');

/** The signed-in member as the API answers it; the role comes from the admin_roles row when present. */
export function presentCurrentUser(account: AccountRecord): CurrentUserDto {
  const { profile, adminRole } = account;
  const permissions = adminRole?.permissions ?? [];
  const role = adminRole ? profileRoleFromAdminRole(adminRole.role) : roleOrMember.parse(profile.role);
  return {
    id: account.id,
    email: account.email,
    emailVerified: account.emailVerified,
    username: profile.username,
    full_name: profile.full_name,
    avatar_url: profile.avatar_url,
    role,
    status: statusOrActive.parse(profile.status === 'inactive' ? 'pending' : profile.status),
    is_admin: isAdmin({ is_admin: profile.is_admin, permissions, hasAdminRole: adminRole !== null }),
    is_captain: profile.is_captain,
    permissions: isAdmin({ is_admin: profile.is_admin, permissions, hasAdminRole: adminRole !== null })
      ? [...permissions]
      : [],
    created_at: profile.created_at.toISOString(),
  };
}

/** The caller for the access guards: the current-user shape plus whether an admin_roles row exists. */
export function presentActor(account: AccountRecord): Actor {
  return { ...presentCurrentUser(account), hasAdminRole: account.adminRole !== null };
}

export function presentSession(session: SessionRow, currentSessionId: string): ActiveSessionDto {
  return {
    id: session.id,
    createdAt: session.createdAt.toISOString(),
    updatedAt: session.updatedAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    ipAddress: session.ipAddress,
    userAgent: session.userAgent,
    current: session.id === currentSessionId,
  };
}
