import { and, asc, count, desc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { preparedPerExecutor, type Database, type Executor, type Transaction } from '../../db/client.js';
import { listingResourceColumns } from '../../db/listing-resource-columns.js';
import {
  conversationPreferences,
  messages,
  notifications,
  products,
  profiles,
} from '../../db/schema/index.js';
import { likePattern } from '../../db/like-pattern.js';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = Pick<
  typeof messages.$inferInsert,
  'sender_id' | 'recipient_id' | 'content' | 'client_id' | 'product_id' | 'images'
>;

/** One member's settings of a conversation (no row: in the inbox, not muted). */
export interface ConversationPreferences {
  archived: boolean;
  muted: boolean;
}

/** A message found by a search, with the other member of its conversation. */
export interface MessageSearchRow {
  message: MessageRow;
  partner: Omit<MemberRecord, 'blocked_users' | 'deleted'>;
}

/** A member as the messaging rules read them. */
export interface MemberRecord {
  id: string;
  username: string;
  full_name: string | null;
  avatar_url: string | null;
  blocked_users: string[];
  /** The member deleted their account: nobody can message them any more. */
  deleted: boolean;
}

/** The listing a conversation started from, in the columns its card needs. */
export interface ListingCardRow {
  id: string;
  title: string;
  price: number;
  image: string | null;
  seller_id: string;
  sold: boolean;
  available: boolean;
  handover: string;
  shipping_price: number | string | null;
}

/** The listing fields the send rules read (visibility and who sells it). */
export interface ListingStateRow {
  id: string;
  seller_id: string;
  deleted: boolean;
  moderation_status: string;
  visible_in_marketplace: boolean;
  sold: boolean;
  buyer_id: string | null;
  transaction_rating: number | null;
}

/** One row of the conversation list: the partner, the last message, unread count, listing. */
export interface ConversationRow {
  partner: Omit<MemberRecord, 'blocked_users' | 'deleted'>;
  lastMessage: MessageRow;
  unreadCount: number;
  listing: ListingCardRow | null;
  preferences: ConversationPreferences;
}

/** A position in a thread: the exact (microsecond) time and id of the oldest message seen. */
export interface MessageCursor {
  at: string;
  id: string;
}

/** Timestamps as ISO 8601 UTC text with microseconds, so that a cursor never skips a message. */
function microIso(column: SQL | typeof messages.created_at): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Marketplace visibility of a listing (not deleted, shown, moderation active or pending). */
const LISTING_AVAILABLE = sql<boolean>`(${products.deleted} = false and ${products.visible_in_marketplace} = true and ${products.moderation_status} in ('active', 'pending'))`;

const listingCardColumns = {
  id: products.id,
  title: products.title,
  price: products.price,
  image: sql<string | null>`${products.images}[1]`,
  seller_id: products.seller_id,
  sold: products.sold,
  available: LISTING_AVAILABLE,
  handover: products.handover,
  shipping_price: products.shipping_price,
};

/** Messages between the two members, in either direction. */
function between(a: string, b: string): SQL {
  return or(
    and(eq(messages.sender_id, a), eq(messages.recipient_id, b)),
    and(eq(messages.sender_id, b), eq(messages.recipient_id, a)),
  )!;
}

/** A message moderation hid is not shown to its recipient (its sender still sees what they wrote). */
function notHiddenFrom(viewerId: string): SQL {
  return sql`not (${messages.recipient_id} = ${viewerId} and ${messages.moderation_status} = 'hidden')`;
}

interface RawConversationRow extends Record<string, unknown> {
  id: string;
  sender_id: string;
  recipient_id: string;
  content: string;
  images: string[];
  type: string;
  read: boolean;
  read_at: string | null;
  client_id: string | null;
  product_id: string | null;
  moderation_status: string;
  moderation_reason: string | null;
  created_at: string;
  updated_at: string;
  partner_id: string;
  partner_username: string;
  partner_full_name: string | null;
  partner_avatar_url: string | null;
  unread_count: number;
  listing_id: string | null;
  listing_title: string | null;
  listing_price: number | string | null;
  listing_image: string | null;
  listing_seller_id: string | null;
  listing_sold: boolean | null;
  listing_available: boolean | null;
  listing_handover: string | null;
  listing_shipping_price: number | string | null;
  archived: boolean;
  muted: boolean;
}

const ISO_MS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export function createMessagingRepository(db: Database) {
  const memberColumns = {
    id: profiles.id,
    username: profiles.username,
    full_name: profiles.full_name,
    avatar_url: profiles.avatar_url,
    blocked_users: profiles.blocked_users,
    deleted: sql<boolean>`${profiles.deleted_at} is not null`,
  };
  // Every message's first reads: prepared statements (built once, planned once per pooled connection).
  const pair = db
    .select(memberColumns)
    .from(profiles)
    .where(or(eq(profiles.id, sql.placeholder('first')), eq(profiles.id, sql.placeholder('second'))))
    .prepare('conversation_pair');
  const byClientId = preparedPerExecutor((executor) =>
    executor
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.sender_id, sql.placeholder('sender')),
          eq(messages.client_id, sql.placeholder('client')),
        ),
      )
      .prepare('message_by_client_id'),
  );

  return {
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** A conversation's two members (those that exist). */
    async findPair(first: string, second: string): Promise<MemberRecord[]> {
      return pair.execute({ first, second });
    },

    async findListingState(id: string): Promise<ListingStateRow | null> {
      const [row] = await db
        .select({ id: products.id, ...listingResourceColumns })
        .from(products)
        .where(eq(products.id, id));
      return row ?? null;
    },

    /** The message the sender already sent with this client id, if any. */
    async findByClientId(executor: Executor, senderId: string, clientId: string): Promise<MessageRow | null> {
      const [row] = await byClientId(executor).execute({ sender: senderId, client: clientId });
      return row ?? null;
    },

    /**
     * Writes the message; null when the sender's client id is already taken (a concurrent retry
     * got there first), so that the caller answers with that message instead.
     */
    async insertMessage(tx: Transaction, message: NewMessage): Promise<MessageRow | null> {
      const [row] = await tx
        .insert(messages)
        .values(message)
        .onConflictDoNothing({
          target: [messages.sender_id, messages.client_id],
          where: sql`client_id is not null`,
        })
        .returning();
      return row ?? null;
    },

    /**
     * One row per member the viewer has exchanged messages with: the last message, how many of
     * theirs are unread, and the listing of the earliest message that names one; newest first.
     * `q` keeps partners whose username contains it (case-insensitive); `archived` picks the
     * conversations the viewer archived (true) or the inbox (false); undefined: both.
     */
    async conversations(viewerId: string, q: string | null, archived?: boolean): Promise<ConversationRow[]> {
      const search = q ? sql`and pr.username ilike ${likePattern(q)} escape '\\'` : sql``;
      const shelf =
        archived === undefined
          ? sql``
          : archived
            ? sql`and cp.archived_at is not null`
            : sql`and cp.archived_at is null`;
      const result = await db.execute<RawConversationRow>(sql`
        with mine as (
          select m.*,
            case when m.sender_id = ${viewerId} then m.recipient_id else m.sender_id end as partner_id
          from messages m
          where (m.sender_id = ${viewerId} or m.recipient_id = ${viewerId})
            and not (m.recipient_id = ${viewerId} and m.moderation_status = 'hidden')
        ),
        latest as (
          select distinct on (partner_id) *
          from mine
          order by partner_id, created_at desc, id desc
        ),
        unread as (
          select sender_id as partner_id, count(*)::int as n
          from messages
          where recipient_id = ${viewerId} and read = false and moderation_status <> 'hidden'
          group by sender_id
        ),
        origin as (
          select distinct on (partner_id) partner_id, product_id
          from mine
          where product_id is not null
          order by partner_id, created_at asc, id asc
        )
        select
          l.id::text as id,
          l.sender_id::text as sender_id,
          l.recipient_id::text as recipient_id,
          l.content,
          l.images,
          l.type,
          l.read,
          to_char(l.read_at at time zone 'UTC', ${sql.raw(ISO_MS)}) as read_at,
          l.client_id::text as client_id,
          l.product_id::text as product_id,
          l.moderation_status,
          l.moderation_reason,
          to_char(l.created_at at time zone 'UTC', ${sql.raw(ISO_MS)}) as created_at,
          to_char(l.updated_at at time zone 'UTC', ${sql.raw(ISO_MS)}) as updated_at,
          pr.id::text as partner_id,
          pr.username as partner_username,
          pr.full_name as partner_full_name,
          pr.avatar_url as partner_avatar_url,
          coalesce(u.n, 0)::int as unread_count,
          pd.id::text as listing_id,
          pd.title as listing_title,
          pd.price::float8 as listing_price,
          pd.images[1] as listing_image,
          pd.seller_id::text as listing_seller_id,
          pd.sold as listing_sold,
          pd.handover as listing_handover,
          pd.shipping_price::float8 as listing_shipping_price,
          (pd.deleted = false and pd.visible_in_marketplace = true
            and pd.moderation_status in ('active', 'pending')) as listing_available,
          (cp.archived_at is not null) as archived,
          (cp.muted_at is not null) as muted
        from latest l
        join profiles pr on pr.id = l.partner_id
        left join unread u on u.partner_id = l.partner_id
        left join origin o on o.partner_id = l.partner_id
        left join products pd on pd.id = o.product_id
        left join conversation_preferences cp on cp.user_id = ${viewerId} and cp.partner_id = l.partner_id
        where true ${search} ${shelf}
        order by l.created_at desc, l.id desc
      `);
      return rowsOf<RawConversationRow>(result).map((row) => ({
        partner: {
          id: row.partner_id,
          username: row.partner_username,
          full_name: row.partner_full_name,
          avatar_url: row.partner_avatar_url,
        },
        lastMessage: {
          id: row.id,
          sender_id: row.sender_id,
          recipient_id: row.recipient_id,
          content: row.content,
          images: row.images ?? [],
          type: row.type,
          read: row.read,
          read_at: row.read_at === null ? null : new Date(row.read_at),
          client_id: row.client_id,
          product_id: row.product_id,
          moderation_status: row.moderation_status,
          moderation_reason: row.moderation_reason,
          created_at: new Date(row.created_at),
          updated_at: new Date(row.updated_at),
        },
        unreadCount: Number(row.unread_count),
        listing:
          row.listing_id === null
            ? null
            : {
                id: row.listing_id,
                title: row.listing_title ?? '',
                price: Number(row.listing_price),
                image: row.listing_image,
                seller_id: row.listing_seller_id ?? '',
                sold: Boolean(row.listing_sold),
                available: Boolean(row.listing_available),
                handover: row.listing_handover ?? 'pickup',
                shipping_price: row.listing_shipping_price,
              },
        preferences: { archived: Boolean(row.archived), muted: Boolean(row.muted) },
      }));
    },

    /** The viewer's settings of their conversation with `partnerId`. */
    async preferences(
      executor: Executor,
      viewerId: string,
      partnerId: string,
    ): Promise<ConversationPreferences> {
      const [row] = await executor
        .select({
          archived: sql<boolean>`${conversationPreferences.archived_at} is not null`,
          muted: sql<boolean>`${conversationPreferences.muted_at} is not null`,
        })
        .from(conversationPreferences)
        .where(
          and(
            eq(conversationPreferences.user_id, viewerId),
            eq(conversationPreferences.partner_id, partnerId),
          ),
        );
      return { archived: Boolean(row?.archived), muted: Boolean(row?.muted) };
    },

    /**
     * Archives or unarchives, mutes or unmutes the viewer's conversation with `partnerId` (what is
     * not named stays as it was); answers the settings now.
     */
    async setPreferences(
      tx: Transaction,
      viewerId: string,
      partnerId: string,
      change: { archived?: boolean | undefined; muted?: boolean | undefined },
    ): Promise<ConversationPreferences> {
      const now = sql`now()`;
      const set: Record<string, SQL | null> = { updated_at: now };
      if (change.archived !== undefined) set.archived_at = change.archived ? now : null;
      if (change.muted !== undefined) set.muted_at = change.muted ? now : null;
      const [row] = await tx
        .insert(conversationPreferences)
        .values({
          user_id: viewerId,
          partner_id: partnerId,
          archived_at: change.archived ? now : null,
          muted_at: change.muted ? now : null,
        })
        .onConflictDoUpdate({
          target: [conversationPreferences.user_id, conversationPreferences.partner_id],
          set,
        })
        .returning({
          archived_at: conversationPreferences.archived_at,
          muted_at: conversationPreferences.muted_at,
        });
      return { archived: row?.archived_at != null, muted: row?.muted_at != null };
    },

    /**
     * A new message's effects on the pair's conversation, in one statement: an archived
     * conversation comes back to both inboxes, and the answer says whether the recipient muted the
     * sender (a muted conversation tells its recipient nothing). The mute is read as it stood
     * before the statement; the statement does not change it.
     */
    async reopenForMessage(
      tx: Transaction,
      senderId: string,
      recipientId: string,
    ): Promise<{ recipientMuted: boolean }> {
      const pair = (a: string, b: string) =>
        sql`(${conversationPreferences.user_id} = ${a} and ${conversationPreferences.partner_id} = ${b})`;
      const result = await tx.execute<{ muted: boolean }>(sql`
        with reopened as (
          update ${conversationPreferences}
          set archived_at = null, updated_at = now()
          where ${conversationPreferences.archived_at} is not null
            and (${pair(senderId, recipientId)} or ${pair(recipientId, senderId)})
          returning 1
        )
        select exists (
          select 1 from ${conversationPreferences}
          where ${pair(recipientId, senderId)} and ${conversationPreferences.muted_at} is not null
        ) as muted`);
      return { recipientMuted: rowsOf<{ muted: boolean }>(result)[0]?.muted === true };
    },

    /** Whether the two have a conversation the viewer can see (a message not hidden from them). */
    async hasConversation(viewerId: string, otherId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(between(viewerId, otherId), notHiddenFrom(viewerId)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * The viewer's messages (sent or received, not hidden from them) whose text contains `q`
     * (case-insensitive), newest first, a page at a time, with the total.
     */
    async searchMessages(
      viewerId: string,
      q: string,
      page: number,
      pageSize: number,
    ): Promise<{ rows: MessageSearchRow[]; total: number }> {
      const partnerId = sql<string>`case when ${messages.sender_id} = ${viewerId} then ${messages.recipient_id} else ${messages.sender_id} end`;
      const where = and(
        or(eq(messages.sender_id, viewerId), eq(messages.recipient_id, viewerId)),
        notHiddenFrom(viewerId),
        sql`${messages.content} ilike ${likePattern(q)} escape '\\'`,
      );
      const [counted] = await db.select({ n: count() }).from(messages).where(where);
      const total = counted?.n ?? 0;
      if (total === 0) return { rows: [], total };
      const rows = await db
        .select({
          message: messages,
          partner: {
            id: profiles.id,
            username: profiles.username,
            full_name: profiles.full_name,
            avatar_url: profiles.avatar_url,
          },
        })
        .from(messages)
        .innerJoin(profiles, eq(profiles.id, partnerId))
        .where(where)
        .orderBy(desc(messages.created_at), desc(messages.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { rows, total };
    },

    /** The listing of the earliest message between the two members that names one. */
    async conversationListing(a: string, b: string): Promise<ListingCardRow | null> {
      const [row] = await db
        .select(listingCardColumns)
        .from(messages)
        .innerJoin(products, eq(products.id, messages.product_id))
        .where(and(between(a, b), isNotNull(messages.product_id)))
        .orderBy(asc(messages.created_at), asc(messages.id))
        .limit(1);
      return row ? { ...row, price: Number(row.price) } : null;
    },

    /** How many of `senderId`'s messages to `recipientId` are unread. */
    async unreadFrom(recipientId: string, senderId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(messages)
        .where(
          and(
            eq(messages.recipient_id, recipientId),
            eq(messages.sender_id, senderId),
            eq(messages.read, false),
          ),
        );
      return row?.n ?? 0;
    },

    /**
     * A page of the thread, newest first, older than `before` when given. Answers one row more
     * than asked when there are older ones, each with its exact cursor position.
     */
    async page(
      viewerId: string,
      otherId: string,
      before: MessageCursor | null,
      limit: number,
    ): Promise<{ row: MessageRow; cursor: MessageCursor }[]> {
      const older = before
        ? sql`(${messages.created_at}, ${messages.id}) < (${before.at}::timestamptz, ${before.id}::uuid)`
        : undefined;
      const rows = await db
        .select({ message: messages, cursor_at: microIso(messages.created_at) })
        .from(messages)
        .where(and(between(viewerId, otherId), older, notHiddenFrom(viewerId)))
        .orderBy(desc(messages.created_at), desc(messages.id))
        .limit(limit + 1);
      return rows.map(({ message, cursor_at }) => ({
        row: message,
        cursor: { at: cursor_at, id: message.id },
      }));
    },

    /**
     * mark_messages_as_read: every unread message from `senderId` to `readerId` becomes read
     * now. Answers how many and when.
     */
    async markConversationRead(
      tx: Transaction,
      readerId: string,
      senderId: string,
    ): Promise<{ updated: number; readAt: Date | null }> {
      const rows = await tx
        .update(messages)
        .set({ read: true, read_at: sql`now()`, updated_at: sql`now()` })
        .where(
          and(
            eq(messages.recipient_id, readerId),
            eq(messages.sender_id, senderId),
            eq(messages.read, false),
          ),
        )
        .returning({ read_at: messages.read_at });
      return { updated: rows.length, readAt: rows[0]?.read_at ?? null };
    },

    /** The reader's unread NEW_MESSAGE notifications about `senderId`'s messages become read. */
    async markMessageNotificationsRead(tx: Transaction, readerId: string, senderId: string): Promise<number> {
      const rows = await tx
        .update(notifications)
        .set({ read: true, updated_at: sql`now()` })
        .where(
          and(
            eq(notifications.user_id, readerId),
            eq(notifications.type, 'NEW_MESSAGE'),
            eq(notifications.read, false),
            sql`${notifications.data} ->> 'senderId' = ${senderId}`,
          ),
        )
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}

export type MessagingRepository = ReturnType<typeof createMessagingRepository>;
