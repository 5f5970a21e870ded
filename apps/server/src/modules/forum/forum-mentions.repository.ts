import { and, inArray, ne, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.js';
import { profiles } from '../../db/schema/index.js';
import type { AfterCommit } from '../../platform/events/domain-events.js';
import type { MentionSource } from './forum.mentions.js';

/** Says, inside the write's transaction, that a post or comment mentioned these members. */
export type MentionedHook = (
  tx: Transaction,
  mentioned: { recipientIds: string[]; source: MentionSource },
) => Promise<AfterCommit>;

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

/**
 * Raises `member.mentioned` for the members a post or comment mentions who may be told, inside its
 * transaction; what its listeners leave for after the commit is returned.
 */
export async function raiseMentions(
  tx: Transaction,
  mentioned: MentionedHook,
  usernames: string[],
  source: MentionSource,
): Promise<AfterCommit> {
  const recipientIds = await mentionRecipients(tx, usernames, source.sender.id);
  if (recipientIds.length === 0) return async () => {};
  return mentioned(tx, { recipientIds, source });
}
