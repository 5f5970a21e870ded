import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { voidAccountLinks } from '../accounts/index.js';
import { accounts, profiles, sessions, users, verifications } from '../../db/schema/index.js';

export interface PendingEmailChange {
  id: string;
  value: string;
}

export function createSettingsRepository(db: Database) {
  return {
    db,

    /** The member's email and username, and the hash of their password (null without one). */
    async findCredentials(userId: string, executor: Executor = db) {
      const [row] = await executor
        .select({
          email: users.email,
          username: profiles.username,
          password: accounts.password,
          deleted_at: profiles.deleted_at,
        })
        .from(users)
        .innerJoin(profiles, eq(profiles.id, users.id))
        .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
        .where(eq(users.id, userId))
        .limit(1);
      return row ?? null;
    },

    /**
     * Stores the new password hash and ends every other session of the account, together.
     * Returns the number of sessions ended, or null when the account has no password.
     */
    /**
     * Sets the new password, ends every other session and voids every outstanding link of the
     * account (reset, verification, email change), in one transaction. The ids of the sessions
     * ended, or null when the account has no password.
     */
    async changePassword(userId: string, keepSessionId: string, hash: string): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(accounts)
          .set({ password: hash, updatedAt: sql`now()` })
          .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
          .returning({ id: accounts.id });
        if (updated.length === 0) return null;
        const ended = await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
          .returning({ id: sessions.id });
        await voidAccountLinks(tx, userId);
        return ended.map((row) => row.id);
      });
    },

    /** Whether another account uses `email` (stored lower case). */
    async emailTaken(email: string, exceptUserId: string, executor: Executor = db): Promise<boolean> {
      const [row] = await executor
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, exceptUserId)))
        .limit(1);
      return Boolean(row);
    },

    /** Replaces the member's pending email change (one at a time). */
    async storeEmailChange(identifier: string, value: string, expiresAt: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(verifications).where(eq(verifications.identifier, identifier));
        await tx.insert(verifications).values({ identifier, value, expiresAt });
      });
    },

    /** The member's pending change, locked until the transaction ends; null when none is valid. */
    async lockEmailChange(tx: Transaction, identifier: string): Promise<PendingEmailChange | null> {
      const [row] = await tx
        .select({ id: verifications.id, value: verifications.value })
        .from(verifications)
        .where(and(eq(verifications.identifier, identifier), sql`${verifications.expiresAt} > now()`))
        .for('update')
        .limit(1);
      return row ?? null;
    },

    /** The new address proves itself by the link, so it counts as verified; profiles.email follows by trigger. */
    async applyEmail(tx: Transaction, userId: string, email: string): Promise<void> {
      await tx
        .update(users)
        .set({ email, emailVerified: true, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
      await tx
        .update(profiles)
        .set({ email, updated_at: sql`now()` })
        .where(eq(profiles.id, userId));
    },

    async notificationSettings(userId: string) {
      const [row] = await db
        .select({
          email_on_message: profiles.email_on_message,
          email_on_offer: profiles.email_on_offer,
          email_on_order: profiles.email_on_order,
        })
        .from(profiles)
        .where(and(eq(profiles.id, userId), isNull(profiles.deleted_at)))
        .limit(1);
      return row ?? null;
    },

    async updateNotificationSettings(
      userId: string,
      values: { email_on_message: boolean; email_on_offer: boolean; email_on_order?: boolean | undefined },
    ) {
      const [row] = await db
        .update(profiles)
        .set({ ...values, updated_at: sql`now()` })
        .where(and(eq(profiles.id, userId), isNull(profiles.deleted_at)))
        .returning({
          email_on_message: profiles.email_on_message,
          email_on_offer: profiles.email_on_offer,
          email_on_order: profiles.email_on_order,
        });
      return row ?? null;
    },

    /** A username for the anonymised profile that no other member holds. */
    async freeDeletedUsername(tx: Transaction, userId: string): Promise<string> {
      const compact = userId.replace(/-/g, '');
      for (const length of [8, 12]) {
        const candidate = `deleted-${compact.slice(0, length)}`;
        const [taken] = await tx
          .select({ id: profiles.id })
          .from(profiles)
          .where(and(sql`lower(${profiles.username}) = ${candidate}`, ne(profiles.id, userId)))
          .limit(1);
        if (!taken) return candidate;
      }
      return `deleted-${compact.slice(0, 12)}`;
    },

    /**
     * Anonymises the member: profile and account details cleared, a non-deliverable unique email,
     * no password. Listings are soft-deleted; forum posts and comments stay.
     */
    async anonymise(tx: Transaction, userId: string, username: string, email: string): Promise<boolean> {
      const updated = await tx
        .update(profiles)
        .set({
          username,
          email,
          full_name: null,
          bio: null,
          title: null,
          avatar_url: null,
          location: null,
          location_lat: null,
          location_lng: null,
          blocked_users: sql`'{}'::uuid[]`,
          is_online: false,
          is_captain: false,
          email_on_message: false,
          email_on_offer: false,
          email_on_order: false,
          products_count: 0,
          deleted_at: sql`now()`,
          updated_at: sql`now()`,
        })
        .where(and(eq(profiles.id, userId), isNull(profiles.deleted_at)))
        .returning({ id: profiles.id });
      if (updated.length === 0) return false;
      await tx
        .update(users)
        .set({ name: username, email, emailVerified: false, image: null, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
      await tx
        .update(accounts)
        .set({ password: null, updatedAt: sql`now()` })
        .where(eq(accounts.userId, userId));
      return true;
    },

    /** Pending email changes and every session of the member. */
    async endAccountState(tx: Transaction, userId: string): Promise<number> {
      await voidAccountLinks(tx, userId);
      const ended = await tx
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      return ended.length;
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
