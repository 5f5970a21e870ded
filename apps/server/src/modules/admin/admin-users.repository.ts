import { and, count, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AuditLogsQuery, AdminUsersQuery, UpdateAdminSettingsBody } from '@castline/shared';
import type { Database } from '../../db/client.js';
import {
  adminRoles,
  adminSettings,
  auditLogs,
  messages,
  posts,
  products,
  profiles,
  sessions,
  userBans,
} from '../../db/schema/index.js';
import { writeAudit, type AuditEntry } from '../audit/index.js';
import { hideContentOfBannedMember, liftBan } from './ban-store.js';
import { likePattern } from '../../db/like-pattern.js';
import { readSiteSettings } from './site-settings.js';

export type ProfileRow = typeof profiles.$inferSelect;
export type BanRow = typeof userBans.$inferSelect;
export type SettingsRow = typeof adminSettings.$inferSelect;

export interface BanInput {
  actorId: string;
  userId: string;
  reason: string;
  banEnd: Date | null;
  notes: string | null;
}

export interface RoleInput {
  actorId: string;
  userId: string;
  role: 'user' | 'moderator' | 'support' | 'admin';
  permissions: readonly string[];
}

export interface AnalyticsWindow {
  /** First period start (UTC, timestamp without zone text 'YYYY-MM-DD'). */
  from: string;
  /** Last period start. */
  to: string;
  granularity: 'day' | 'month';
}

interface AnalyticsRow {
  period: string;
  members: number | string;
  listings: number | string;
  sales: number | string;
  messages: number | string;
  posts: number | string;
}

export function createAdminUsersRepository(db: Database) {
  return {
    async listUsers(query: AdminUsersQuery) {
      const conditions: SQL[] = [isNull(profiles.deleted_at)];
      if (query.q) {
        const pattern = likePattern(query.q);
        const match = or(
          ilike(profiles.username, pattern),
          ilike(profiles.email, pattern),
          ilike(profiles.full_name, pattern),
        );
        if (match) conditions.push(match);
      }
      if (query.status) conditions.push(eq(profiles.status, query.status));
      if (query.role) conditions.push(eq(profiles.role, query.role));
      const where = and(...conditions);
      const [counted] = await db.select({ total: count() }).from(profiles).where(where);
      const rows = await db
        .select()
        .from(profiles)
        .where(where)
        .orderBy(desc(profiles.created_at), desc(profiles.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      return { rows, total: counted?.total ?? 0 };
    },

    async findProfile(userId: string): Promise<ProfileRow | null> {
      const [row] = await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
      return row ?? null;
    },

    async findAdminRole(userId: string) {
      const [row] = await db.select().from(adminRoles).where(eq(adminRoles.user_id, userId)).limit(1);
      return row ?? null;
    },

    async activeBan(userId: string): Promise<BanRow | null> {
      const [row] = await db
        .select()
        .from(userBans)
        .where(and(eq(userBans.user_id, userId), eq(userBans.is_active, true)))
        .orderBy(desc(userBans.created_at))
        .limit(1);
      return row ?? null;
    },

    async activeSessionCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)));
      return row?.total ?? 0;
    },

    /** Bans in one transaction: profile, ban row, content hidden, every session ended, audited. */
    async ban(input: BanInput, audit: Omit<AuditEntry, 'newData'>): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(userBans)
          .set({ is_active: false, lifted_by: input.actorId, lifted_at: sql`now()` })
          .where(and(eq(userBans.user_id, input.userId), eq(userBans.is_active, true)));
        await tx
          .update(profiles)
          .set({
            status: 'banned',
            banned: true,
            banned_reason: input.reason,
            ban_end_date: input.banEnd,
            is_online: false,
            updated_at: new Date(),
          })
          .where(eq(profiles.id, input.userId));
        const [ban] = await tx
          .insert(userBans)
          .values({
            user_id: input.userId,
            banned_by: input.actorId,
            reason: input.reason,
            ban_end: input.banEnd,
            notes: input.notes,
          })
          .returning({ id: userBans.id });
        await hideContentOfBannedMember(tx, input.userId);
        const ended = await tx
          .delete(sessions)
          .where(eq(sessions.userId, input.userId))
          .returning({ id: sessions.id });
        await writeAudit(tx, {
          ...audit,
          newData: {
            status: 'banned',
            reason: input.reason,
            ban_end: input.banEnd?.toISOString() ?? null,
            notes: input.notes,
            ban_id: ban?.id ?? null,
            sessions_ended: ended.length,
          },
        });
      });
    },

    async unban(actorId: string, userId: string, audit: AuditEntry): Promise<void> {
      await db.transaction(async (tx) => {
        await liftBan(tx, userId, actorId);
        await writeAudit(tx, audit);
      });
    },

    async setRole(input: RoleInput, audit: AuditEntry): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(profiles)
          .set({ role: input.role, is_admin: input.role !== 'user', updated_at: new Date() })
          .where(eq(profiles.id, input.userId));
        if (input.role === 'user') {
          await tx.delete(adminRoles).where(eq(adminRoles.user_id, input.userId));
        } else {
          const values = { role: input.role, permissions: [...input.permissions], updated_at: new Date() };
          await tx
            .insert(adminRoles)
            .values({ user_id: input.userId, ...values })
            .onConflictDoUpdate({ target: adminRoles.user_id, set: values });
        }
        await writeAudit(tx, audit);
      });
    },

    async listAdmins() {
      return db
        .select({
          id: profiles.id,
          username: profiles.username,
          email: profiles.email,
          role: profiles.role,
          admin_role: adminRoles.role,
          permissions: adminRoles.permissions,
          last_sign_in_at:
            sql<Date | null>`(select max(${sessions.createdAt}) from ${sessions} where ${sessions.userId} = ${profiles.id})`.mapWith(
              (value: unknown) => (value === null ? null : new Date(String(value))),
            ),
        })
        .from(profiles)
        .innerJoin(adminRoles, eq(adminRoles.user_id, profiles.id))
        .where(eq(profiles.is_admin, true))
        .orderBy(profiles.username);
    },

    async listSessions(page: number, pageSize: number) {
      const active = gt(sessions.expiresAt, sql`now()`);
      const [counted] = await db.select({ total: count() }).from(sessions).where(active);
      const rows = await db
        .select({
          id: sessions.id,
          user_id: sessions.userId,
          username: profiles.username,
          email: profiles.email,
          ip_address: sessions.ipAddress,
          user_agent: sessions.userAgent,
          created_at: sessions.createdAt,
          updated_at: sessions.updatedAt,
          expires_at: sessions.expiresAt,
        })
        .from(sessions)
        .innerJoin(profiles, eq(profiles.id, sessions.userId))
        .where(active)
        .orderBy(desc(sessions.updatedAt), desc(sessions.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { rows, total: counted?.total ?? 0 };
    },

    /** Ends one session, audited; false when it does not exist. */
    async terminateSession(sessionId: string, audit: (userId: string) => AuditEntry): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(sessions)
          .where(eq(sessions.id, sessionId))
          .returning({ userId: sessions.userId });
        if (!removed) return false;
        await writeAudit(tx, audit(removed.userId));
        return true;
      });
    },

    async settings(): Promise<SettingsRow> {
      return readSiteSettings(db);
    },

    async updateSettings(
      actorId: string,
      changes: UpdateAdminSettingsBody,
      audit: (before: SettingsRow, after: SettingsRow) => AuditEntry,
    ): Promise<SettingsRow> {
      return db.transaction(async (tx) => {
        await tx.insert(adminSettings).values({ id: 1 }).onConflictDoNothing();
        const [before] = await tx.select().from(adminSettings).where(eq(adminSettings.id, 1)).for('update');
        const [after] = await tx
          .update(adminSettings)
          .set({ ...changes, updated_by: actorId, updated_at: new Date() })
          .where(eq(adminSettings.id, 1))
          .returning();
        if (!before || !after) throw new Error('admin settings: the settings row is missing');
        await writeAudit(tx, audit(before, after));
        return after;
      });
    },

    async listAuditLogs(query: AuditLogsQuery) {
      const conditions: SQL[] = [];
      if (query.severity) conditions.push(eq(auditLogs.severity, query.severity));
      if (query.action) conditions.push(eq(auditLogs.action, query.action));
      if (query.actor_id) conditions.push(eq(auditLogs.user_id, query.actor_id));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [counted] = await db.select({ total: count() }).from(auditLogs).where(where);
      const rows = await db
        .select({ log: auditLogs, actor_username: profiles.username })
        .from(auditLogs)
        .leftJoin(profiles, eq(profiles.id, auditLogs.user_id))
        .where(where)
        .orderBy(desc(auditLogs.created_at), desc(auditLogs.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      return { rows, total: counted?.total ?? 0 };
    },

    /** New members, listings, sales, messages and posts per period (UTC), every period present. */
    async analytics(window: AnalyticsWindow) {
      const step = window.granularity === 'day' ? '1 day' : '1 month';
      const format = window.granularity === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
      const start = sql`(p.period at time zone 'UTC')`;
      const end = sql`((p.period + ${step}::interval) at time zone 'UTC')`;
      const within = (column: SQL) => sql`${column} >= ${start} and ${column} < ${end}`;
      const result = await db.execute(sql`
        select to_char(p.period, ${format}) as period,
          (select count(*) from ${profiles} where ${within(sql`${profiles.created_at}`)}) as members,
          (select count(*) from ${products} where ${within(sql`${products.created_at}`)}) as listings,
          (select count(*) from ${products} where ${products.sold} = true and ${within(sql`${products.sold_at}`)}) as sales,
          (select count(*) from ${messages} where ${within(sql`${messages.created_at}`)}) as messages,
          (select count(*) from ${posts} where ${within(sql`${posts.created_at}`)}) as posts
        from generate_series(${window.from}::timestamp, ${window.to}::timestamp, ${step}::interval) as p(period)
        order by p.period`);
      const { rows } = result as unknown as { rows: AnalyticsRow[] };
      return rows.map((row) => ({
        period: row.period,
        members: Number(row.members),
        listings: Number(row.listings),
        sales: Number(row.sales),
        messages: Number(row.messages),
        posts: Number(row.posts),
      }));
    },
  };
}

export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>;
