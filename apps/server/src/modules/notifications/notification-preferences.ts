import { and, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { EmailDelivery, NotificationCategory, NotificationPreferenceMap } from '@castline/shared';
import {
  activeNotificationCategories,
  NOTIFICATION_CATEGORY_OF,
  NOTIFICATION_PREFERENCE_DEFAULTS,
  notificationPreferenceMap,
} from '@castline/shared';
import type { Executor } from '../../db/client.js';
import { notificationPreferences, profiles } from '../../db/schema/index.js';

/**
 * A member's notification preferences (category × channel, notification_preferences) and email
 * delivery (profiles.email_delivery). The writer reads them to skip in-app rows, the email
 * notifier to skip or gather emails, the settings routes to show and change them.
 */
export interface MemberNotificationPreferences {
  preferences: NotificationPreferenceMap;
  email_delivery: EmailDelivery;
}

/** Each member's choices over the defaults (members without a row: the defaults). */
export async function notificationPreferencesOf(
  executor: Executor,
  userIds: readonly string[],
): Promise<Map<string, NotificationPreferenceMap>> {
  const ids = [...new Set(userIds)];
  const byMember = new Map<string, NotificationPreferenceMap>();
  if (ids.length === 0) return byMember;
  const rows = await executor
    .select({
      user_id: notificationPreferences.user_id,
      category: notificationPreferences.category,
      in_app: notificationPreferences.in_app,
      email: notificationPreferences.email,
    })
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.user_id, ids));
  for (const id of ids) byMember.set(id, notificationPreferenceMap(rows.filter((row) => row.user_id === id)));
  return byMember;
}

/**
 * The member's stored choices as a column of a statement about them (`memberId` is their id
 * there): a JSON array of { category, in_app, email }, empty without any. Read with
 * `notificationPreferenceMap` (packages/shared) for the choices over the defaults, as
 * notificationPreferencesOf answers them, without a statement of its own.
 */
export function storedNotificationChoices(memberId: SQLWrapper): SQL<StoredNotificationChoice[]> {
  return sql<StoredNotificationChoice[]>`coalesce((
    select json_agg(json_build_object(
      'category', ${notificationPreferences.category},
      'in_app', ${notificationPreferences.in_app},
      'email', ${notificationPreferences.email}))
    from ${notificationPreferences} where ${notificationPreferences.user_id} = ${memberId}
  ), '[]'::json)`;
}

/** One stored choice of a member (a row of notification_preferences). */
export interface StoredNotificationChoice {
  category: string;
  in_app: boolean;
  email: boolean;
}

/** One member's choices and email delivery; null for a member who is gone. */
export async function memberNotificationPreferences(
  executor: Executor,
  userId: string,
): Promise<MemberNotificationPreferences | null> {
  const [profile] = await executor
    .select({ email_delivery: profiles.email_delivery })
    .from(profiles)
    .where(and(eq(profiles.id, userId), isNull(profiles.deleted_at)))
    .limit(1);
  if (!profile) return null;
  const preferences = (await notificationPreferencesOf(executor, [userId])).get(userId)!;
  return { preferences, email_delivery: profile.email_delivery === 'daily' ? 'daily' : 'each' };
}

/** Stores the given categories' choices (other categories keep theirs). */
export async function saveNotificationPreferences(
  executor: Executor,
  userId: string,
  changes: readonly {
    category: NotificationCategory;
    in_app?: boolean | undefined;
    email?: boolean | undefined;
  }[],
): Promise<void> {
  if (changes.length === 0) return;
  const current = (await notificationPreferencesOf(executor, [userId])).get(userId)!;
  const rows = changes.map((change) => ({
    user_id: userId,
    category: change.category,
    in_app: change.in_app ?? current[change.category].in_app,
    email: change.email ?? current[change.category].email,
  }));
  await executor
    .insert(notificationPreferences)
    .values(rows)
    .onConflictDoUpdate({
      target: [notificationPreferences.user_id, notificationPreferences.category],
      set: {
        in_app: sql`excluded.in_app`,
        email: sql`excluded.email`,
        updated_at: sql`now()`,
      },
    });
}

export async function saveEmailDelivery(
  executor: Executor,
  userId: string,
  delivery: EmailDelivery,
): Promise<void> {
  await executor
    .update(profiles)
    .set({ email_delivery: delivery, updated_at: sql`now()` })
    .where(and(eq(profiles.id, userId), isNull(profiles.deleted_at)));
}

/** A deleted member's choices go with their account. */
export async function clearNotificationPreferences(executor: Executor, userId: string): Promise<void> {
  await executor.delete(notificationPreferences).where(eq(notificationPreferences.user_id, userId));
}

/** The categories shown and taken, in order, with the member's choice of each. */
export function presentPreferences(member: MemberNotificationPreferences) {
  return {
    categories: activeNotificationCategories().map((category) => ({
      category,
      in_app: member.preferences[category].in_app,
      email: member.preferences[category].email,
    })),
    email_delivery: member.email_delivery,
  };
}

/**
 * SQL true when the member `userId` (an SQL expression) takes notifications of the type named by
 * the SQL text `type` in the app: for the statements that write notifications in bulk (sync).
 */
export function wantsInAppSql(userId: SQL, type: SQL): SQL {
  const categoryOf = sql.join(
    Object.entries(NOTIFICATION_CATEGORY_OF).map(([t, category]) => sql`when ${t} then ${category}`),
    sql` `,
  );
  const defaultsOff = Object.entries(NOTIFICATION_PREFERENCE_DEFAULTS)
    .filter(([, preference]) => !preference.in_app)
    .map(([category]) => category);
  const category = sql`(case ${type} ${categoryOf} else 'listing_news' end)`;
  return sql`coalesce((
    select np.in_app from notification_preferences np
    where np.user_id = ${userId} and np.category = ${category}
  ), ${category} <> all(${sql.raw(`array[${defaultsOff.map((c) => `'${c}'`).join(',')}]::text[]`)}))`;
}
