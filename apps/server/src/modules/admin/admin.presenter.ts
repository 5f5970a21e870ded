import type { AdminAccessDto, AdminOverviewDto, AdminPermission } from '@castline/shared';
import { ADMIN_PERMISSIONS } from '@castline/shared';
import { actsAsAdmin, actsWithPermissions, type Actor } from '../../http/access-policy.js';
import type { MembershipCounts } from './admin.repository.js';

/** The admin check and the permission map; a failed admin check answers not admin, all false. */
export function presentAdminAccess(actor: Actor): AdminAccessDto {
  const permissions = Object.fromEntries(
    ADMIN_PERMISSIONS.map((permission) => [permission, actsWithPermissions(actor, [permission])]),
  ) as Record<AdminPermission, boolean>;
  return { is_admin: actsAsAdmin(actor), role: actor.role, permissions };
}

export function presentOverview(counts: MembershipCounts, generatedAt: Date): AdminOverviewDto {
  return {
    members_total: counts.members_total,
    members_new_7d: counts.members_new,
    members_verified: counts.members_verified,
    captains: counts.captains,
    admins: counts.admins,
    banned: counts.banned,
    generated_at: generatedAt.toISOString(),
  };
}
