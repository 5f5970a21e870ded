import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.js';
import type { UpdateNotificationPreferencesBody } from '@castline/shared';
import { voidAccountLinks } from '../accounts/index.js';
import {
  clearNotificationPreferences,
  memberNotificationPreferences,
  presentPreferences,
  saveEmailDelivery,
  saveNotificationPreferences,
} from '../notifications/index.js';
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

    /** The old email settings, read from the member's notification preferences. */
    async notificationSettings(userId: string) {
      const member = await memberNotificationPreferences(db, userId);
      if (!member) return null;
      return {
        email_on_message: member.preferences.messages.email,
        email_on_offer: member.preferences.offers.email,
        email_on_order: member.preferences.orders.email,
      };
    },

    /** The old email settings write the email channel of messages, offers and orders. */
    async updateNotificationSettings(
      userId: string,
      values: { email_on_message: boolean; email_on_offer: boolean; email_on_order?: boolean | undefined },
    ) {
      return db.transaction(async (tx) => {
        if (!(await memberNotificationPreferences(tx, userId))) return null;
        await saveNotificationPreferences(tx, userId, [
          { category: 'messages', email: values.email_on_message },
          { category: 'offers', email: values.email_on_offer },
          ...(values.email_on_order === undefined
            ? []
            : [{ category: 'orders' as const, email: values.email_on_order }]),
        ]);
        const member = (await memberNotificationPreferences(tx, userId))!;
        return {
          email_on_message: member.preferences.messages.email,
          email_on_offer: member.preferences.offers.email,
          email_on_order: member.preferences.orders.email,
        };
      });
    },

    /** Every category's choice and the email delivery; null for a member who is gone. */
    async notificationPreferences(userId: string) {
      const member = await memberNotificationPreferences(db, userId);
      return member ? presentPreferences(member) : null;
    },

    /** Changes the given choices and the email delivery together. */
    async updateNotificationPreferences(userId: string, body: UpdateNotificationPreferencesBody) {
      return db.transaction(async (tx) => {
        if (!(await memberNotificationPreferences(tx, userId))) return null;
        await saveNotificationPreferences(tx, userId, body.categories ?? []);
        if (body.email_delivery) await saveEmailDelivery(tx, userId, body.email_delivery);
        return presentPreferences((await memberNotificationPreferences(tx, userId))!);
      });
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
          email_delivery: 'each',
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

    /** Pending email changes, notification choices and every session of the member. */
    async endAccountState(tx: Transaction, userId: string): Promise<number> {
      await voidAccountLinks(tx, userId);
      await clearNotificationPreferences(tx, userId);
      const ended = await tx
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      return ended.length;
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
