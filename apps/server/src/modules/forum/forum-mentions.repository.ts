import { and, inArray, ne, sql } from 'drizzle-orm';
import type { NotificationDto } from '@castline/shared';
import type { Executor, Transaction } from '../../db/client.js';
import { profiles } from '../../db/schema/index.js';
import { insertNotifications } from '../notifications/index.js';
import { mentionNotification, type MentionSource } from './forum.mentions.js';

/** The members a text mentions who may be told: existing, not the sender, not deleted, not blocking the sender. */
async function mentionRecipients(tx: Executor, usernames: string[], senderId: string): Promise<string[]> {
  if (usernames.length === 0) return [];
  const rows = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        inArray(sql`lower(${profiles.username})`, usernames),
        ne(profiles.id, senderId),
        sql`${profiles.deleted_at} is null`,
        sql`not (${senderId}::uuid = any(${profiles.blocked_users}))`,
      ),
    );
  return rows.map((row) => row.id);
}

/** Writes the MENTION notifications of a post or comment, inside its transaction. */
export async function notifyMentions(
  tx: Transaction,
  usernames: string[],
  source: MentionSource,
): Promise<NotificationDto[]> {
  const recipients = await mentionRecipients(tx, usernames, source.sender.id);
  return insertNotifications(
    tx,
    recipients.map((id) => mentionNotification(id, source)),
  );
}
