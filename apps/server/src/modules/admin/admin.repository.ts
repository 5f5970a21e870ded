import { and, eq, gte, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { adminRoles, profiles, users } from '../../db/schema/index.js';
import { createAdminUsersRepository } from './admin-users.repository.js';

export interface MembershipCounts {
  members_total: number;
  members_new: number;
  members_verified: number;
  captains: number;
  admins: number;
  banned: number;
}

function countWhere(condition: SQL | undefined) {
  return sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
}

export function createAdminRepository(db: Database) {
  return {
    ...createAdminUsersRepository(db),

    /** Membership figures in one pass over profiles (admin_roles holds at most one row per member). */
    async membershipCounts(newSince: Date): Promise<MembershipCounts> {
      const [row] = await db
        .select({
          members_total: sql<number>`count(*)`.mapWith(Number),
          members_new: countWhere(gte(profiles.created_at, newSince)),
          members_verified: countWhere(eq(users.emailVerified, true)),
          captains: countWhere(eq(profiles.is_captain, true)),
          admins: countWhere(and(eq(profiles.is_admin, true), isNotNull(adminRoles.id))),
          banned: countWhere(eq(profiles.status, 'banned')),
        })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.id))
        .leftJoin(adminRoles, eq(adminRoles.user_id, profiles.id));
      if (!row) throw new Error('membership counts: the aggregate returned no row');
      return row;
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
