import { randomBytes } from 'node:crypto';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  conversationIdFor,
  MODERATION_LIMITS,
  OFFER_EXPIRY_MS,
  REPORT_REASON_PRIORITY,
  ROLE_PERMISSIONS,
  type AdminRoleName,
  type AlertFilters,
  type ModerationEntityType,
  type ReportReason,
} from '@castline/shared';
import type { Database } from '../src/db/client.js';
import {
  accounts,
  adminRoles,
  alertNotifications,
  commentLikes,
  mailOutbox,
  messages,
  moderationQueue,
  notifications,
  offers,
  orderEvents,
  orderReviews,
  orders,
  postComments,
  postLikes,
  posts,
  productAlerts,
  productFavorites,
  productLikes,
  products,
  profiles,
  users,
} from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/accounts/password-hasher.js';
import { matchColumnsOf } from '../src/modules/alerts/index.js';

let counter = 0;

export function uniqueSuffix(): string {
  counter += 1;
  return `${counter}${randomBytes(3).toString('hex')}`;
}

export function uniqueEmail(prefix = 'member'): string {
  return `${prefix}.${uniqueSuffix()}@example.com`;
}

export function uniqueUsername(prefix = 'angler'): string {
  return `${prefix}_${uniqueSuffix()}`.slice(0, 20);
}

/** A client address of its own, so that each test meets fresh per-IP rate limits. */
export function uniqueIp(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${Math.max(1, bytes[2]! % 254)}`;
}

export interface BuiltUser {
  id: string;
  email: string;
  username: string;
  password: string;
}

export interface BuildUserOptions {
  email?: string;
  username?: string;
  password?: string;
  emailVerified?: boolean;
  adminRole?: AdminRoleName;
  isAdminFlag?: boolean;
  /** Profile fields set once the trigger made the profile (captain, status, place, bio…). */
  profile?: BuildProfileFields;
}

export type BuildProfileFields = Partial<Omit<typeof profiles.$inferInsert, 'id'>>;

/** Inserts a real account (users + credential + profile via the trigger). */
export async function buildUser(db: Database, options: BuildUserOptions = {}): Promise<BuiltUser> {
  const email = options.email ?? uniqueEmail();
  const username = options.username ?? uniqueUsername();
  const password = options.password ?? 'correct-horse-battery';
  const [user] = await db
    .insert(users)
    .values({ name: username, email, emailVerified: options.emailVerified ?? true })
    .returning({ id: users.id });
  if (!user) throw new Error('buildUser: insert returned nothing');
  await db.insert(accounts).values({
    accountId: user.id,
    providerId: 'credential',
    userId: user.id,
    password: await hashPassword(password),
  });
  if (options.adminRole) {
    await db
      .update(profiles)
      .set({ is_admin: options.isAdminFlag ?? true })
      .where(eq(profiles.id, user.id));
    await db.insert(adminRoles).values({
      user_id: user.id,
      role: options.adminRole,
      permissions: [...ROLE_PERMISSIONS[options.adminRole]],
    });
  }
  if (options.profile) await setProfile(db, user.id, options.profile);
  return { id: user.id, email, username, password };
}

async function setProfile(db: Database, userId: string, fields: BuildProfileFields): Promise<void> {
  await db.update(profiles).set(fields).where(eq(profiles.id, userId));
}

export type BuildListingOverrides = Partial<
  Omit<typeof products.$inferInsert, 'seller_id' | 'search_vector'>
>;
export type BuiltListing = typeof products.$inferSelect;

/**
 * Inserts a real listing row for `sellerId` (active, unsold tackle in Austin unless overridden)
 * and counts it on the seller's profile as the API does.
 */
export async function buildListing(
  db: Database,
  sellerId: string,
  overrides: BuildListingOverrides = {},
): Promise<BuiltListing> {
  const [row] = await db
    .insert(products)
    .values({
      title: `Tackle box ${uniqueSuffix()}`,
      description: 'A two-tray tackle box, lightly used.',
      price: 25,
      condition: 'good',
      category: 'tackle',
      gear_types: ['Freshwater'],
      images: ['/files/product-images/tackle-box.webp'],
      location: 'Austin, TX',
      location_lat: 30.2672,
      location_lng: -97.7431,
      moderation_status: 'active',
      ...overrides,
      seller_id: sellerId,
    })
    .returning();
  if (!row) throw new Error('buildListing: insert returned nothing');
  if (!row.deleted) {
    await db
      .update(profiles)
      .set({ products_count: sql`${profiles.products_count} + 1` })
      .where(eq(profiles.id, sellerId));
  }
  return row;
}

let lastCreatedAt = 0;

/**
 * The creation time of the next row a factory writes: now, but always after the one before.
 * PGlite's clock ticks in milliseconds, so rows written within one would tie and lists newest
 * first would order them by id.
 */
function nextCreatedAt(): Date {
  lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1);
  return new Date(lastCreatedAt);
}

/** `userId` likes a listing: the like row and one more on the listing's likes. */
export async function buildListingLike(db: Database, listingId: string, userId: string): Promise<void> {
  await buildListingReaction(db, 'like', listingId, userId);
}

/** `userId` favourites a listing: the favourite row and one more on the listing's favourites. */
export async function buildListingFavorite(db: Database, listingId: string, userId: string): Promise<void> {
  await buildListingReaction(db, 'favorite', listingId, userId);
}

async function buildListingReaction(
  db: Database,
  kind: 'like' | 'favorite',
  listingId: string,
  userId: string,
): Promise<void> {
  const table = kind === 'like' ? productLikes : productFavorites;
  await db.transaction(async (tx) => {
    await tx.insert(table).values({ product_id: listingId, user_id: userId, created_at: nextCreatedAt() });
    const [listing] = await tx
      .update(products)
      .set(
        kind === 'like'
          ? { likes_count: sql`${products.likes_count} + 1` }
          : { favorites_count: sql`${products.favorites_count} + 1` },
      )
      .where(eq(products.id, listingId))
      .returning({ id: products.id });
    if (!listing) throw new Error(`buildListing${kind === 'like' ? 'Like' : 'Favorite'}: no such listing`);
  });
}

/**
 * Sells `listing` to `buyerId` (or outside Castline: null) as marking it sold does: sold now,
 * out of the marketplace, one more sale for the seller, recorded as a completed order (source
 * marked_sold). The buyer is not notified and open offers are left as they are.
 */
export async function buildSale(
  db: Database,
  listing: Pick<BuiltListing, 'id' | 'seller_id'>,
  buyerId: string | null,
): Promise<BuiltListing> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(products)
      .set({ sold: true, sold_at: nextCreatedAt(), buyer_id: buyerId, visible_in_marketplace: false })
      .where(eq(products.id, listing.id))
      .returning();
    if (!row) throw new Error('buildSale: no such listing');
    await tx
      .update(profiles)
      .set({ sales_count: sql`${profiles.sales_count} + 1` })
      .where(eq(profiles.id, listing.seller_id));
    const [order] = await tx
      .insert(orders)
      .values({
        product_id: listing.id,
        buyer_id: buyerId && buyerId !== listing.seller_id ? buyerId : null,
        seller_id: listing.seller_id,
        source: 'marked_sold',
        state: 'completed',
        price: row.price,
        completed_at: row.sold_at,
        created_at: row.sold_at ?? undefined,
      })
      .returning({ id: orders.id });
    await tx.insert(orderEvents).values({
      order_id: order!.id,
      state: 'completed',
      actor_id: listing.seller_id,
      note: 'Marked sold by the seller',
    });
    return row;
  });
}

export type BuildOfferOverrides = Partial<
  Omit<typeof offers.$inferInsert, 'product_id' | 'buyer_id' | 'seller_id'>
>;
export type BuiltOffer = typeof offers.$inferSelect;

/**
 * Inserts `buyerId`'s offer on `listing`: $20, pending and open for the 48 hours an offer lasts
 * unless overridden (an answered status gets its answer time). The database keeps one open
 * (pending or countered) offer per buyer and listing, as in the app. No notification is written.
 */
export async function buildOffer(
  db: Database,
  listing: Pick<BuiltListing, 'id' | 'seller_id'>,
  buyerId: string,
  overrides: BuildOfferOverrides = {},
): Promise<BuiltOffer> {
  const answered = overrides.status !== undefined && overrides.status !== 'pending';
  const createdAt = nextCreatedAt();
  const [row] = await db
    .insert(offers)
    .values({
      created_at: createdAt,
      updated_at: createdAt,
      amount: 20,
      status: 'pending',
      expires_at: new Date(createdAt.getTime() + OFFER_EXPIRY_MS),
      responded_at: answered ? createdAt : null,
      ...overrides,
      product_id: listing.id,
      seller_id: listing.seller_id,
      buyer_id: buyerId,
    })
    .returning();
  if (!row) throw new Error('buildOffer: insert returned nothing');
  return row;
}

export type BuildOrderOverrides = Partial<
  Omit<typeof orders.$inferInsert, 'product_id' | 'seller_id' | 'buyer_id'>
>;
export type BuiltOrder = typeof orders.$inferSelect;

/**
 * An order for `buyerId` on `listing` (awaiting payment at the listing's price unless
 * overridden), with its first timeline step; the listing is taken off the market as buying does.
 */
export async function buildOrder(
  db: Database,
  listing: Pick<BuiltListing, 'id' | 'seller_id' | 'price'>,
  buyerId: string,
  overrides: BuildOrderOverrides = {},
): Promise<BuiltOrder> {
  const [row] = await db
    .insert(orders)
    .values({
      source: 'buy_now',
      state: 'awaiting_payment',
      price: Number(listing.price),
      handover: 'shipping',
      ...overrides,
      product_id: listing.id,
      seller_id: listing.seller_id,
      buyer_id: buyerId,
    })
    .returning();
  if (!row) throw new Error('buildOrder: insert returned nothing');
  await db.insert(orderEvents).values({ order_id: row.id, state: 'awaiting_payment', actor_id: buyerId });
  if (row.state !== 'cancelled') {
    await db
      .update(products)
      .set({ sold: true, sold_at: sql`now()`, buyer_id: buyerId, visible_in_marketplace: false })
      .where(eq(products.id, listing.id));
  }
  return row;
}

export type BuildReviewOverrides = Partial<
  Omit<typeof orderReviews.$inferInsert, 'order_id' | 'reviewer_id' | 'reviewee_id' | 'reviewer_role'>
>;
export type BuiltReview = typeof orderReviews.$inferSelect;

/**
 * `reviewerId`'s review of the other side of `order` (4 stars, hidden until revealed unless
 * `revealed_at` is given). Nothing else moves: a revealed buyer's review does not set the
 * listing's transaction_rating or the seller's rating here (the reviews module does that).
 */
export async function buildReview(
  db: Database,
  order: Pick<BuiltOrder, 'id' | 'buyer_id' | 'seller_id'>,
  reviewerId: string,
  overrides: BuildReviewOverrides = {},
): Promise<BuiltReview> {
  const role = reviewerId === order.seller_id ? 'seller' : 'buyer';
  const revieweeId = role === 'seller' ? order.buyer_id : order.seller_id;
  if (!revieweeId) throw new Error('buildReview: the order has no buyer');
  const [row] = await db
    .insert(orderReviews)
    .values({
      rating: 4,
      body: 'Smooth deal, as described.',
      ...overrides,
      order_id: order.id,
      reviewer_id: reviewerId,
      reviewee_id: revieweeId,
      reviewer_role: role,
    })
    .returning();
  if (!row) throw new Error('buildReview: insert returned nothing');
  return row;
}

export type BuildMessageOverrides = Partial<Omit<typeof messages.$inferInsert, 'sender_id' | 'recipient_id'>>;
export type BuiltMessage = typeof messages.$inferSelect;

/**
 * Inserts a message from `senderId` to `recipientId` (an unread chat message unless overridden).
 * Sending through the API also writes the recipient's notification; this does not (POST
 * /api/notifications/sync would).
 */
export async function buildMessage(
  db: Database,
  senderId: string,
  recipientId: string,
  overrides: BuildMessageOverrides = {},
): Promise<BuiltMessage> {
  const createdAt = nextCreatedAt();
  const [row] = await db
    .insert(messages)
    .values({
      created_at: createdAt,
      updated_at: createdAt,
      content: 'Is this still available?',
      ...overrides,
      sender_id: senderId,
      recipient_id: recipientId,
    })
    .returning();
  if (!row) throw new Error('buildMessage: insert returned nothing');
  return row;
}

export interface BuiltConversation {
  /** The conversation id the API uses for the two members. */
  id: string;
  /** Oldest first. */
  messages: BuiltMessage[];
}

/**
 * A conversation between two members: one message per line, oldest first, the members taking
 * turns and the first one writing first. Each message is its own insert, so their times follow
 * the lines' order.
 */
export async function buildConversation(
  db: Database,
  [first, second]: readonly [string, string],
  lines: readonly string[],
): Promise<BuiltConversation> {
  const written: BuiltMessage[] = [];
  for (const [index, content] of lines.entries()) {
    const [from, to] = index % 2 === 0 ? [first, second] : [second, first];
    written.push(await buildMessage(db, from, to, { content }));
  }
  return { id: conversationIdFor(first, second), messages: written };
}

export type BuildPostOverrides = Partial<
  Omit<typeof posts.$inferInsert, 'author_id' | 'likes_count' | 'comments_count'>
>;
export type BuiltPost = typeof posts.$inferSelect;

/**
 * Inserts a forum post by `authorId` (published in Fishing Reports unless overridden) and counts
 * it on the author's profile, as writing one through the API does (hidden and flagged posts count
 * too). Its likes and comments start at zero: add them with buildPostLike and buildComment.
 */
export async function buildPost(
  db: Database,
  authorId: string,
  overrides: BuildPostOverrides = {},
): Promise<BuiltPost> {
  const createdAt = nextCreatedAt();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(posts)
      .values({
        created_at: createdAt,
        updated_at: createdAt,
        title: `Walleye on the river ${uniqueSuffix()}`,
        content: 'Slow-rolled a jig along the weed line at dusk.',
        category: 'Fishing Reports',
        ...overrides,
        author_id: authorId,
      })
      .returning();
    if (!row) throw new Error('buildPost: insert returned nothing');
    await tx
      .update(profiles)
      .set({ posts_count: sql`${profiles.posts_count} + 1` })
      .where(eq(profiles.id, authorId));
    return row;
  });
}

export type BuildCommentOverrides = Partial<
  Omit<typeof postComments.$inferInsert, 'post_id' | 'author_id' | 'likes_count'>
>;
export type BuiltComment = typeof postComments.$inferSelect;

/**
 * Inserts `authorId`'s comment on a post (published unless overridden). A published comment is
 * counted on the post and on its author, as the API does; a hidden or flagged one is not.
 */
export async function buildComment(
  db: Database,
  postId: string,
  authorId: string,
  overrides: BuildCommentOverrides = {},
): Promise<BuiltComment> {
  const createdAt = nextCreatedAt();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(postComments)
      .values({
        created_at: createdAt,
        updated_at: createdAt,
        content: 'Tight lines!',
        ...overrides,
        post_id: postId,
        author_id: authorId,
      })
      .returning();
    if (!row) throw new Error('buildComment: insert returned nothing');
    if (row.status === 'published') {
      await tx
        .update(posts)
        .set({ comments_count: sql`${posts.comments_count} + 1` })
        .where(eq(posts.id, postId));
      await tx
        .update(profiles)
        .set({ comments_count: sql`${profiles.comments_count} + 1` })
        .where(eq(profiles.id, authorId));
    }
    return row;
  });
}

/** `userId` likes a post: the like row, the post's likes and the likes its author received. */
export async function buildPostLike(db: Database, postId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(postLikes).values({ post_id: postId, user_id: userId });
    const [post] = await tx
      .update(posts)
      .set({ likes_count: sql`${posts.likes_count} + 1` })
      .where(eq(posts.id, postId))
      .returning({ author_id: posts.author_id });
    if (!post) throw new Error('buildPostLike: no such post');
    await tx
      .update(profiles)
      .set({ likes_count: sql`${profiles.likes_count} + 1` })
      .where(eq(profiles.id, post.author_id));
  });
}

/** `userId` likes a comment: the like row, the comment's likes and the likes its author received. */
export async function buildCommentLike(db: Database, commentId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(commentLikes).values({ comment_id: commentId, user_id: userId });
    const [comment] = await tx
      .update(postComments)
      .set({ likes_count: sql`${postComments.likes_count} + 1` })
      .where(eq(postComments.id, commentId))
      .returning({ author_id: postComments.author_id });
    if (!comment) throw new Error('buildCommentLike: no such comment');
    await tx
      .update(profiles)
      .set({ likes_count: sql`${profiles.likes_count} + 1` })
      .where(eq(profiles.id, comment.author_id));
  });
}

export interface BuildReportOptions {
  reason?: ReportReason;
  note?: string;
}
export type BuiltReport = typeof moderationQueue.$inferSelect;

/**
 * Files `reporterId`'s report of an item as POST /api/reports does (spam unless told otherwise):
 * a pending queue entry whose priority comes from the reason, all of the item's open reports
 * made urgent once there are enough of them. Whether the reporter may see the item is not checked.
 */
export async function buildReport(
  db: Database,
  reporterId: string,
  entityType: ModerationEntityType,
  entityId: string,
  options: BuildReportOptions = {},
): Promise<BuiltReport> {
  const reason = options.reason ?? 'spam';
  const target = and(
    eq(moderationQueue.entity_type, entityType),
    eq(moderationQueue.entity_id, entityId),
    eq(moderationQueue.status, 'pending'),
  );
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(moderationQueue)
      .values({
        created_at: nextCreatedAt(),
        entity_type: entityType,
        entity_id: entityId,
        reporter_id: reporterId,
        priority: REPORT_REASON_PRIORITY[reason],
        reason: options.note ? `${reason}: ${options.note}` : reason,
      })
      .returning();
    if (!row) throw new Error('buildReport: insert returned nothing');
    const [open] = await tx
      .select({ n: count() })
      .from(moderationQueue)
      .where(and(target, isNotNull(moderationQueue.reporter_id)));
    if ((open?.n ?? 0) < MODERATION_LIMITS.urgentReportCount) return row;
    await tx.update(moderationQueue).set({ priority: 'urgent' }).where(target);
    return { ...row, priority: 'urgent' };
  });
}

export type BuildNotificationOverrides = Partial<Omit<typeof notifications.$inferInsert, 'user_id'>>;
export type BuiltNotification = typeof notifications.$inferSelect;

/** Inserts an unread notification for `userId` (a sale unless overridden); nothing is pushed. */
export async function buildNotification(
  db: Database,
  userId: string,
  overrides: BuildNotificationOverrides = {},
): Promise<BuiltNotification> {
  const createdAt = nextCreatedAt();
  const [row] = await db
    .insert(notifications)
    .values({
      created_at: createdAt,
      updated_at: createdAt,
      type: 'PRODUCT_SOLD',
      title: 'Product Sold',
      message: 'Your listing sold',
      ...overrides,
      user_id: userId,
    })
    .returning();
  if (!row) throw new Error('buildNotification: insert returned nothing');
  return row;
}

export interface BuildAlertOptions {
  name?: string;
  filters?: AlertFilters;
  is_active?: boolean;
}
export type BuiltAlert = typeof productAlerts.$inferSelect;

/**
 * Inserts a saved search of `userId` (active, for "reel" unless overridden) with the typed match
 * columns the app keeps beside its filters.
 */
export async function buildAlert(
  db: Database,
  userId: string,
  options: BuildAlertOptions = {},
): Promise<BuiltAlert> {
  const filters = options.filters ?? { q: 'reel' };
  const createdAt = nextCreatedAt();
  const [row] = await db
    .insert(productAlerts)
    .values({
      created_at: createdAt,
      updated_at: createdAt,
      user_id: userId,
      name: options.name ?? `Reels ${uniqueSuffix()}`,
      filters,
      is_active: options.is_active ?? true,
      ...matchColumnsOf(filters),
    })
    .returning();
  if (!row) throw new Error('buildAlert: insert returned nothing');
  return row;
}

export type BuildAlertMatchOverrides = Partial<
  Omit<typeof alertNotifications.$inferInsert, 'user_id' | 'alert_id' | 'product_id'>
>;
export type BuiltAlertMatch = typeof alertNotifications.$inferSelect;

/** A listing matched by an alert (unread unless overridden), without the notification about it. */
export async function buildAlertMatch(
  db: Database,
  alert: Pick<BuiltAlert, 'id' | 'user_id'>,
  listingId: string,
  overrides: BuildAlertMatchOverrides = {},
): Promise<BuiltAlertMatch> {
  const [row] = await db
    .insert(alertNotifications)
    .values({
      created_at: nextCreatedAt(),
      ...overrides,
      user_id: alert.user_id,
      alert_id: alert.id,
      product_id: listingId,
    })
    .returning();
  if (!row) throw new Error('buildAlertMatch: insert returned nothing');
  return row;
}

export interface Caller {
  ip?: string;
  cookie?: string;
  origin?: string;
}

export function post(app: FastifyInstance, url: string, payload?: unknown, caller: Caller = {}) {
  return app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress: caller.ip ?? '127.0.0.1',
    headers: {
      ...(caller.cookie ? { cookie: caller.cookie } : {}),
      ...(caller.origin ? { origin: caller.origin } : {}),
    },
  });
}

export function get(app: FastifyInstance, url: string, caller: Caller = {}) {
  return app.inject({
    method: 'GET',
    url,
    remoteAddress: caller.ip ?? '127.0.0.1',
    headers: caller.cookie ? { cookie: caller.cookie } : {},
  });
}

export function put(app: FastifyInstance, url: string, payload?: unknown, caller: Caller = {}) {
  return app.inject({
    method: 'PUT',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress: caller.ip ?? '127.0.0.1',
    headers: caller.cookie ? { cookie: caller.cookie } : {},
  });
}

export function del(app: FastifyInstance, url: string, caller: Caller = {}) {
  return app.inject({
    method: 'DELETE',
    url,
    remoteAddress: caller.ip ?? '127.0.0.1',
    headers: caller.cookie ? { cookie: caller.cookie } : {},
  });
}

/** The `name=value` pair of the session cookie a response set, for the next request. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'castline.session_token');
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  ip = uniqueIp(),
): Promise<string> {
  const response = await post(app, '/api/auth/sign-in', { email, password }, { ip });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return sessionCookie(response);
}

export interface Member extends Caller {
  id: string;
  username: string;
  email: string;
  cookie: string;
  ip: string;
}

/**
 * A signed-in member with a client address of their own (fresh rate-limit buckets). Given as
 * options, `profile` is set after the sign-in, so a member banned that way keeps their session.
 */
export async function signedInMember(
  app: FastifyInstance,
  db: Database,
  options: AdminRoleName | BuildUserOptions = {},
): Promise<Member> {
  const { profile, ...userOptions }: BuildUserOptions =
    typeof options === 'string' ? { adminRole: options } : options;
  const user = await buildUser(db, userOptions);
  const ip = uniqueIp();
  const cookie = await signIn(app, user.email, user.password, ip);
  if (profile) await setProfile(db, user.id, profile);
  return { id: user.id, username: user.username, email: user.email, cookie, ip };
}

/** A guest with an address of their own. */
export function guest(): Caller {
  return { ip: uniqueIp() };
}

export async function mailsTo(db: Database, email: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to_address, email)).orderBy(mailOutbox.created_at);
}

/** The token of the newest mailed link to `path` (/verify-email or /reset-password). */
export async function tokenFromLatestMail(db: Database, email: string, path: string): Promise<string> {
  const mails = await mailsTo(db, email);
  const latest = mails.at(-1);
  if (!latest) throw new Error(`no mail to ${email}`);
  const match = latest.text_body.match(new RegExp(`${path}\\?token=([^\\s]+)`));
  if (!match?.[1]) throw new Error(`no ${path} link in mail: ${latest.text_body}`);
  return decodeURIComponent(match[1]);
}

export function errorOf(response: LightMyRequestResponse): {
  code: string;
  message: string;
  issues?: { path: string; message: string }[];
} {
  return (
    response.json() as {
      error: { code: string; message: string; issues?: { path: string; message: string }[] };
    }
  ).error;
}
