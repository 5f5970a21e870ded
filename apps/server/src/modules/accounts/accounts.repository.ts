import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { adminRoles, profiles, sessions, users } from '../../db/schema/index.js';
import { liftExpiredBan } from '../admin/index.js';
import {
  isCurrentVerificationLink,
  rememberVerificationLink,
  resetLinkOwner,
  voidAccountLinks,
  voidOlderResetLinks,
} from './account-links.js';

export type ProfileRow = typeof profiles.$inferSelect;
export type AdminRoleRow = typeof adminRoles.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export interface AccountRecord {
  id: string;
  email: string;
  emailVerified: boolean;
  profile: ProfileRow;
  adminRole: AdminRoleRow | null;
}

/** An account as the guards and presenters read it, from a row of the user, profile and admin role. */
function accountRecordOf(row: {
  user: Pick<typeof users.$inferSelect, 'id' | 'email' | 'emailVerified'>;
  profile: ProfileRow;
  adminRole: AdminRoleRow | null;
}): AccountRecord {
  return {
    id: row.user.id,
    email: row.user.email,
    emailVerified: row.user.emailVerified,
    profile: row.profile,
    adminRole: row.adminRole,
  };
}

export function createAccountsRepository(db: Database) {
  /* Every signed-in request's first read: a prepared statement (built once, planned once per pooled connection). */
  const sessionWithAccount = db
    .select({
      session: { id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt },
      user: { id: users.id, email: users.email, emailVerified: users.emailVerified },
      profile: profiles,
      adminRole: adminRoles,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(adminRoles, eq(adminRoles.user_id, users.id))
    .where(eq(sessions.token, sql.placeholder('token')))
    .limit(1)
    .prepare('session_with_account');

  return {
    db,

    async findUserByEmail(email: string) {
      const [row] = await db
        .select({ id: users.id, email: users.email, name: users.name, emailVerified: users.emailVerified })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      return row ?? null;
    },

    async isUsernameTaken(username: string): Promise<boolean> {
      const [row] = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(sql`lower(${profiles.username}) = lower(${username})`)
        .limit(1);
      return Boolean(row);
    },

    async findAccount(userId: string): Promise<AccountRecord | null> {
      const [row] = await db
        .select({ user: users, profile: profiles, adminRole: adminRoles })
        .from(users)
        .innerJoin(profiles, eq(profiles.id, users.id))
        .leftJoin(adminRoles, eq(adminRoles.user_id, users.id))
        .where(eq(users.id, userId))
        .limit(1);
      if (!row) return null;
      return accountRecordOf(row);
    },

    /**
     * The session with this token and its member's account (user, profile and admin role), in one
     * query: what every signed-in request needs before its own work. Null when there is no such
     * session or its member has no profile.
     */
    async findSessionWithAccount(
      token: string,
    ): Promise<{ session: Pick<SessionRow, 'id' | 'userId' | 'expiresAt'>; account: AccountRecord } | null> {
      const [row] = await sessionWithAccount.execute({ token });
      if (!row) return null;
      return {
        session: row.session,
        account: accountRecordOf(row),
      };
    },

    async markEmailVerified(userId: string): Promise<void> {
      await db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
    },

    async listActiveSessions(userId: string): Promise<SessionRow[]> {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
        .orderBy(desc(sessions.updatedAt));
    },

    async findSession(sessionId: string): Promise<SessionRow | null> {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
      return row ?? null;
    },

    async findSessionByToken(token: string): Promise<SessionRow | null> {
      const [row] = await db.select().from(sessions).where(eq(sessions.token, token)).limit(1);
      return row ?? null;
    },

    async deleteSession(sessionId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    /** A ban whose end has passed is lifted (by the system), audited, in one transaction. */
    async liftExpiredBan(userId: string): Promise<void> {
      await db.transaction((tx) => liftExpiredBan(tx, userId));
    },

    /** Ends every other session of the member; the ids of those ended. */
    async deleteOtherSessions(userId: string, keepSessionId: string): Promise<string[]> {
      const removed = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
        .returning({ id: sessions.id });
      return removed.map((row) => row.id);
    },

    // Mailed links (account-links.ts).
    voidAccountLinks: (userId: string) => voidAccountLinks(db, userId),
    voidOlderResetLinks: (userId: string, newToken: string) => voidOlderResetLinks(db, userId, newToken),
    resetLinkOwner: (token: string) => resetLinkOwner(db, token),
    rememberVerificationLink: (userId: string, token: string, expiresAt: Date) =>
      rememberVerificationLink(db, userId, token, expiresAt),
    isCurrentVerificationLink: (userId: string, token: string) =>
      isCurrentVerificationLink(db, userId, token),
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
