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

/** Why a member is told of a new comment: it answers their comment or their post, or quotes them. */
export type AddressKind = 'reply' | 'reply_to_post' | 'quote' | 'watched';

/** Says, inside the comment's transaction, that it answered or quoted these members. */
export type AddressedHook = (
  tx: Transaction,
  addressed: { notices: { recipientId: string; kind: AddressKind }[]; source: MentionSource },
) => Promise<AfterCommit>;

/** How a post's and comment's writes tell the members they concern, inside their transaction. */
export interface ForumNoticeHooks {
  mentioned: MentionedHook;
  addressed: AddressedHook;
}

/** Of these members, the ones who may be told of the sender's words: existing, not deleted, not blocking the sender. */
async function reachable(tx: Executor, ids: string[], senderId: string): Promise<Set<string>> {
  const candidates = [...new Set(ids)].filter((id) => id !== senderId);
  if (candidates.length === 0) return new Set();
  const rows = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        inArray(profiles.id, candidates),
        sql`${profiles.deleted_at} is null`,
        sql`not (${senderId}::uuid = any(${profiles.blocked_users}))`,
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * Tells the members a new comment concerns, each once: whose comment (or post) it answers first,
 * then whose words it quotes, then whom it mentions, then who watches the topic. Returns what the
 * listeners left for after the commit.
 */
export async function raiseCommentNotices(
  tx: Transaction,
  hooks: ForumNoticeHooks,
  concerned: {
    repliedTo: { authorId: string; kind: 'reply' | 'reply_to_post' } | null;
    quotedAuthorIds: string[];
    watcherIds?: string[];
  },
  mentions: string[],
  source: MentionSource,
): Promise<AfterCommit> {
  const wanted = [
    ...(concerned.repliedTo
      ? [{ recipientId: concerned.repliedTo.authorId, kind: concerned.repliedTo.kind }]
      : []),
    ...concerned.quotedAuthorIds.map((recipientId) => ({ recipientId, kind: 'quote' as const })),
  ];
  const allowed = await reachable(
    tx,
    wanted.map((notice) => notice.recipientId),
    source.sender.id,
  );
  const told = new Set<string>();
  const notices: { recipientId: string; kind: AddressKind }[] = wanted.filter((notice) => {
    if (!allowed.has(notice.recipientId) || told.has(notice.recipientId)) return false;
    told.add(notice.recipientId);
    return true;
  });
  const mentioned = (await mentionRecipients(tx, mentions, source.sender.id)).filter((id) => !told.has(id));
  for (const id of mentioned) told.add(id);
  const watchers = await reachable(tx, concerned.watcherIds ?? [], source.sender.id);
  for (const recipientId of watchers) {
    if (!told.has(recipientId)) notices.push({ recipientId, kind: 'watched' });
  }
  const after: AfterCommit[] = [];
  if (notices.length > 0) after.push(await hooks.addressed(tx, { notices, source }));
  if (mentioned.length > 0) after.push(await hooks.mentioned(tx, { recipientIds: mentioned, source }));
  return async () => {
    for (const run of after) await run();
  };
}

/** The existing (not deleted) members with these lower-cased usernames, for linking @mentions. */
export async function membersNamed(
  db: Executor,
  usernames: string[],
): Promise<{ id: string; username: string }[]> {
  if (usernames.length === 0) return [];
  return db
    .select({ id: profiles.id, username: profiles.username })
    .from(profiles)
    .where(and(inArray(sql`lower(${profiles.username})`, usernames), sql`${profiles.deleted_at} is null`));
}
