import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertMatchMessage,
  canAttachMessagePhoto,
  CATEGORIES,
  CONDITIONS,
  FORUM_CATEGORIES,
  FORUM_IMAGE_URL,
  GEAR_TYPES,
  OFFER_STATUSES,
  REVIEW_WINDOW_DAYS,
  PRICE_GUIDE_MIN_SALES,
  PRICE_GUIDE_POINTS_MAX,
  quotedTargets,
  groupNotifications,
  type NotificationData,
  type NotificationType,
  type PriceGuideDto,
} from '@castline/shared';
import {
  adminRoles,
  alertNotifications,
  auditLogs,
  conversationPreferences,
  forumBookmarks,
  forumDrafts,
  forumReads,
  forumWatches,
  moderationQueue,
  moderationRules,
  monitoringErrors,
  userBans,
  messages,
  notifications,
  notificationDigestItems,
  notificationPreferences,
  offers,
  jobs,
  orderEvents,
  orderReviews,
  orders,
  listingViews,
  postComments,
  posts,
  productAlerts,
  products,
  profiles,
  PUBLIC_LISTING_PREDICATE,
} from '../db/schema/index.js';
import type { DatabaseHandle } from '../db/client.js';
import { createLocalFileStorage } from '../platform/storage/file-storage.js';
import { openTestDatabase } from '../../test/test-database.js';
import { ORDER_COMPLETE_JOB } from '../modules/orders/index.js';
import { REVIEWS_REVEAL_JOB } from '../modules/reviews/index.js';
import { DEMO_MEMBERS, seedDemoData } from './demo-seed.js';
import { DEMO_LISTING_COUNT } from './listing-seed.js';
import { createListingsPriceGuideRepository } from '../modules/listings/listings-price-guide.repository.js';
import { createListingsPriceGuideService } from '../modules/listings/listings-price-guide.service.js';

let database: DatabaseHandle;
let dir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'castline-seed-'));
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

describe('demo seed', () => {
  it('fills an empty database once with verified members, one admin, one moderator and one non-captain', async () => {
    const storage = createLocalFileStorage(dir);
    const logger = pino({ level: 'silent' });
    const first = await seedDemoData(database.db, storage, logger);
    expect(first.created).toBe(true);
    expect(first.users.length).toBeGreaterThanOrEqual(24);

    const all = await database.db.select().from(profiles);
    expect(all).toHaveLength(DEMO_MEMBERS.length);
    expect(all.filter((p) => !p.is_captain).map((p) => p.username)).toEqual(['landlubber']);
    expect(all.every((p) => p.avatar_url?.startsWith('/files/avatars/'))).toBe(true);

    const roles = await database.db
      .select({ role: adminRoles.role, username: profiles.username })
      .from(adminRoles)
      .innerJoin(profiles, eq(profiles.id, adminRoles.user_id));
    expect(roles.sort((x, y) => x.role.localeCompare(y.role))).toEqual([
      { role: 'admin', username: 'admin' },
      { role: 'moderator', username: 'moderator' },
    ]);

    const avatar = await readFile(path.join(dir, all[0]!.avatar_url!.replace('/files/', '')), 'utf8');
    expect(avatar).toContain('<svg');

    const second = await seedDemoData(database.db, storage, logger);
    expect(second.created).toBe(false);
    expect(await database.db.select().from(profiles)).toHaveLength(DEMO_MEMBERS.length);
    expect(await database.db.select({ id: products.id }).from(products)).toHaveLength(DEMO_LISTING_COUNT);
  });

  it('lists demo gear in every category, condition and gear type, with photos, places and sales', async () => {
    const listings = await database.db.select().from(products);
    expect(new Set(listings.map((l) => l.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(listings.map((l) => l.condition))).toEqual(new Set(CONDITIONS));
    expect(new Set(listings.flatMap((l) => l.gear_types))).toEqual(new Set(GEAR_TYPES));
    expect(new Set(listings.map((l) => l.location)).size).toBeGreaterThanOrEqual(25);
    expect(listings.every((l) => l.location_lat !== null && l.images.length >= 1)).toBe(true);
    expect(listings.some((l) => l.is_featured)).toBe(true);
    expect(listings.some((l) => l.moderation_status === 'pending')).toBe(true);
    const sold = listings.filter((l) => l.sold);
    expect(sold.length).toBeGreaterThan(5);
    expect(sold.every((l) => l.buyer_id && l.buyer_id !== l.seller_id && !l.visible_in_marketplace)).toBe(
      true,
    );
    expect(sold.some((l) => l.transaction_rating !== null)).toBe(true);

    // A photo is a real webp file in the product-images bucket.
    const photo = await readFile(path.join(dir, listings[0]!.images[0]!.replace('/files/', '')));
    expect(photo.subarray(8, 12).toString('ascii')).toBe('WEBP');

    // Sellers' counts agree with their listings.
    const [seller] = await database.db.select().from(profiles).where(eq(profiles.id, sold[0]!.seller_id));
    const theirs = listings.filter((l) => l.seller_id === seller!.id);
    expect(seller!.products_count).toBe(theirs.length);
    const completed = await database.db
      .select()
      .from(orders)
      .where(and(eq(orders.seller_id, seller!.id), eq(orders.state, 'completed')));
    expect(seller!.sales_count).toBe(completed.length);
  });

  it('shows orders in every state: open ones hold their listing, shipped and received ones await their completion job', async () => {
    const db = database.db;
    const all = await db.select().from(orders);
    expect(new Set(all.map((o) => o.state)), JSON.stringify(all.map((o) => [o.state, o.source]))).toEqual(
      new Set(['awaiting_payment', 'paid', 'shipped', 'received', 'completed', 'cancelled']),
    );
    expect(new Set(all.map((o) => o.source))).toEqual(new Set(['buy_now', 'offer', 'marked_sold']));
    expect(all.some((o) => o.state === 'shipped' && o.pickup_note !== null)).toBe(true);
    expect(all.some((o) => o.state === 'shipped' && o.tracking_number !== null)).toBe(true);
    const [ahab] = await db.select().from(profiles).where(eq(profiles.username, 'captain_ahab'));
    const hisStates = new Set(
      all.filter((o) => o.buyer_id === ahab!.id || o.seller_id === ahab!.id).map((o) => o.state),
    );
    expect(hisStates.size).toBeGreaterThanOrEqual(5);
    const listingRows = await db.select().from(products);
    const byId = new Map(listingRows.map((l) => [l.id, l]));
    for (const order of all) {
      const listing = byId.get(order.product_id)!;
      if (order.state === 'cancelled') expect(listing.sold, order.id).toBe(false);
      else expect([listing.sold, listing.visible_in_marketplace], order.id).toEqual([true, false]);
      const steps = await db.select().from(orderEvents).where(eq(orderEvents.order_id, order.id));
      expect(steps.at(-1)?.state ?? null, order.id).toBe(order.state);
    }
    // Every sold listing has its one live order.
    const live = all.filter((o) => o.state !== 'cancelled').map((o) => o.product_id);
    expect(new Set(live).size).toBe(live.length);
    expect(
      listingRows
        .filter((l) => l.sold)
        .map((l) => l.id)
        .sort(),
    ).toEqual([...live].sort());
    const queued = await db.select().from(jobs).where(eq(jobs.name, ORDER_COMPLETE_JOB));
    expect(queued.map((j) => j.key).sort()).toEqual(
      all
        .filter((o) => o.state === 'shipped' || o.state === 'received')
        .map((o) => o.id)
        .sort(),
    );
  });

  it('has two-way reviews of completed orders: visible pairs with replies, one-sided ones hidden in an open window, and the spec’s figures read from them', async () => {
    const db = database.db;
    const reviews = await db.select().from(orderReviews);
    const all = await db.select().from(orders);
    const orderOf = new Map(all.map((o) => [o.id, o]));
    expect(reviews.length).toBeGreaterThan(10);
    expect(new Set(reviews.map((r) => r.reviewer_role))).toEqual(new Set(['buyer', 'seller']));
    for (const review of reviews) {
      const order = orderOf.get(review.order_id)!;
      expect(['received', 'completed']).toContain(order.state);
      expect(review.reviewee_id).toBe(review.reviewer_role === 'buyer' ? order.seller_id : order.buyer_id);
      // A reply only to a visible review.
      if (review.reply !== null) expect(review.revealed_at).not.toBeNull();
    }
    const byOrder = new Map<string, typeof reviews>();
    for (const review of reviews)
      byOrder.set(review.order_id, [...(byOrder.get(review.order_id) ?? []), review]);
    const pairs = [...byOrder.values()].filter((list) => list.length === 2);
    expect(pairs.length).toBeGreaterThan(3);
    expect(pairs.every((list) => list.every((r) => r.revealed_at !== null))).toBe(true);
    expect(reviews.some((r) => r.reply !== null)).toBe(true);
    // Hidden ones: one side in, the window open, the reveal queued at its end, the other side told.
    const hidden = reviews.filter((r) => r.revealed_at === null);
    expect(hidden.length).toBeGreaterThan(0);
    const reveals = await db.select().from(jobs).where(eq(jobs.name, REVIEWS_REVEAL_JOB));
    for (const review of hidden) {
      expect(byOrder.get(review.order_id)).toHaveLength(1);
      const order = orderOf.get(review.order_id)!;
      const closes = (order.received_at ?? order.completed_at)!.getTime() + REVIEW_WINDOW_DAYS * 86_400_000;
      expect(closes).toBeGreaterThan(Date.now());
      expect(reveals.find((j) => j.key === review.order_id)?.run_at.getTime()).toBe(closes);
      const told = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.user_id, review.reviewee_id), eq(notifications.type, 'REVIEW')));
      expect(told.some((n) => (n.data as { orderId?: string }).orderId === review.order_id)).toBe(true);
    }
    // Captain Ahab's received order: the seller's review waits for his.
    const [ahab] = await db.select().from(profiles).where(eq(profiles.username, 'captain_ahab'));
    const his = all.find((o) => o.buyer_id === ahab!.id && o.state === 'received')!;
    expect(byOrder.get(his.id)?.map((r) => [r.reviewer_role, r.revealed_at])).toEqual([['seller', null]]);

    // One truth: each listing's transaction_rating is its buyer's visible review, each seller's
    // rating the average of those (what the API's figures read).
    const visibleBuyerReviews = reviews.filter((r) => r.reviewer_role === 'buyer' && r.revealed_at !== null);
    const listings = await db.select().from(products);
    for (const listing of listings) {
      const live = all.find((o) => o.product_id === listing.id && o.state !== 'cancelled');
      const rating = visibleBuyerReviews.find((r) => r.order_id === live?.id)?.rating ?? null;
      expect(listing.transaction_rating, listing.id).toBe(rating);
    }
    expect(listings.some((l) => l.transaction_rating !== null)).toBe(true);
    for (const profile of await db.select().from(profiles)) {
      const theirs = visibleBuyerReviews.filter((r) => r.reviewee_id === profile.id).map((r) => r.rating);
      const average =
        theirs.length === 0 ? 0 : Math.round((theirs.reduce((a, b) => a + b, 0) / theirs.length) * 100) / 100;
      expect(profile.seller_rating, profile.username).toBeCloseTo(average, 2);
    }
  });

  it('shows the price guide on listings still for sale whose gear sold three times or more this year', async () => {
    const guides = createListingsPriceGuideService(createListingsPriceGuideRepository(database.db));
    const onSale = await database.db
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(PUBLIC_LISTING_PREDICATE);
    const shown: { title: string; guide: PriceGuideDto }[] = [];
    for (const listing of onSale) {
      const { guide } = await guides.forListing(listing.id, null);
      if (guide.match !== 'none') shown.push({ title: listing.title, guide });
    }
    const byModel = shown.filter(({ guide }) => guide.match === 'model');
    expect(byModel.length, JSON.stringify(shown)).toBeGreaterThanOrEqual(3);
    // Several models, each with its figures and the sales of its chart.
    expect(new Set(byModel.map(({ guide }) => guide.median)).size).toBeGreaterThanOrEqual(2);
    for (const { guide } of shown) {
      expect(guide.count).toBeGreaterThanOrEqual(PRICE_GUIDE_MIN_SALES);
      expect(guide.low! <= guide.median! && guide.median! <= guide.high!).toBe(true);
      expect(guide.points).toHaveLength(Math.min(guide.count, PRICE_GUIDE_POINTS_MAX));
    }
  });

  it('brings messages, offers and alerts to life: unread messages, open and settled offers, alerts with matches', async () => {
    const db = database.db;
    const members = new Map((await db.select().from(profiles)).map((p) => [p.username, p.id]));
    const ahab = members.get('captain_ahab')!;
    const fran = members.get('flyfisher_fran')!;
    const allNotifications = await db.select().from(notifications);
    const dataOf = (n: (typeof allNotifications)[number]) => n.data as Record<string, unknown>;

    // Unread messages for the demo members, each announced by an unread NEW_MESSAGE notification.
    for (const member of [ahab, fran]) {
      const unread = await db
        .select()
        .from(messages)
        .where(and(eq(messages.recipient_id, member), eq(messages.read, false)));
      expect(unread.length).toBeGreaterThan(0);
      const announced = allNotifications.filter((n) => n.user_id === member && n.type === 'NEW_MESSAGE');
      expect(announced.map((n) => dataOf(n).messageId).sort()).toEqual(unread.map((m) => m.id).sort());
      expect(announced.every((n) => !n.read && n.title === 'New Message')).toBe(true);
    }
    const allMessages = await db.select().from(messages);
    expect(allMessages.filter((m) => m.read).every((m) => m.read_at !== null)).toBe(true);
    expect(allMessages.some((m) => m.product_id !== null)).toBe(true);
    // Photos (each the sender's own upload, stored), one of them a message of photos only; the
    // captain has one conversation archived and one muted.
    const withPhotos = allMessages.filter((m) => m.images.length > 0);
    expect(withPhotos.some((m) => m.content === '')).toBe(true);
    for (const m of withPhotos) {
      expect(m.images.every((url) => canAttachMessagePhoto({ id: m.sender_id }, url))).toBe(true);
      for (const url of m.images) await readFile(path.join(dir, url.replace('/files/', '')));
    }
    const ahabSettings = await db
      .select()
      .from(conversationPreferences)
      .where(eq(conversationPreferences.user_id, ahab));
    expect(ahabSettings.filter((row) => row.archived_at !== null)).toHaveLength(1);
    expect(ahabSettings.filter((row) => row.muted_at !== null)).toHaveLength(1);
    const times = allMessages.map((m) => m.created_at.getTime());
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(3 * 86_400_000);

    // Offers in every state; open ones still inside their 48 hours; each one told its seller.
    const allOffers = await db.select().from(offers);
    expect(new Set(allOffers.map((o) => o.status))).toEqual(new Set(OFFER_STATUSES));
    for (const offer of allOffers) {
      if (offer.status === 'pending' || offer.status === 'countered') {
        expect(offer.expires_at.getTime()).toBeGreaterThan(Date.now());
      }
      expect(
        allNotifications.some(
          (n) =>
            n.user_id === offer.seller_id && n.type === 'OFFER_RECEIVED' && dataOf(n).offerId === offer.id,
        ),
      ).toBe(true);
    }
    expect(allOffers.some((o) => o.seller_id === ahab && o.status === 'pending')).toBe(true);
    expect(allOffers.some((o) => o.buyer_id === ahab && o.status === 'accepted')).toBe(true);
    const countered = allOffers.find((o) => o.status === 'countered')!;
    expect(
      allNotifications.find((n) => n.type === 'OFFER_COUNTERED' && dataOf(n).offerId === countered.id),
    ).toMatchObject({ user_id: countered.buyer_id, data: { is_seller: false } });

    // The captain's alerts (one paused) with matches, each with its PRODUCT_ALERT notification.
    const alerts = await db.select().from(productAlerts).where(eq(productAlerts.user_id, ahab));
    expect(alerts.length).toBeGreaterThanOrEqual(3);
    expect(alerts.filter((a) => !a.is_active)).toHaveLength(1);
    const matches = await db
      .select({
        id: alertNotifications.id,
        alert_id: alertNotifications.alert_id,
        product_id: alertNotifications.product_id,
        seller_id: products.seller_id,
        title: products.title,
        is_read: alertNotifications.is_read,
      })
      .from(alertNotifications)
      .innerJoin(products, eq(products.id, alertNotifications.product_id))
      .where(eq(alertNotifications.user_id, ahab));
    expect(matches.length).toBeGreaterThan(0);
    expect(matches.some((m) => !m.is_read)).toBe(true);
    expect(matches.every((m) => m.seller_id !== ahab)).toBe(true);
    const names = new Map(alerts.map((a) => [a.id, a.name]));
    // One PRODUCT_ALERT notification per listing (at its first match), with its photo and price.
    const alertNotes = allNotifications.filter((n) => n.type === 'PRODUCT_ALERT' && n.user_id === ahab);
    for (const match of matches) {
      const notes = alertNotes.filter((n) => dataOf(n).productId === match.product_id);
      expect(notes.length, match.title).toBeLessThanOrEqual(1);
      const note = alertNotes.find((n) => dataOf(n).alertNotificationId === match.id);
      if (!note) continue;
      expect(note).toMatchObject({
        user_id: ahab,
        title: 'Product Alert Match',
        message: alertMatchMessage(match.title, names.get(match.alert_id)!),
        read: match.is_read,
      });
      expect(typeof dataOf(note).productPrice).toBe('number');
    }
    expect(new Set(alertNotes.map((n) => dataOf(n).productId)).size).toBe(alertNotes.length);
    expect(alertNotes.length).toBeGreaterThan(0);
  });
  it('fills the forum: posts in every category with Markdown, photos, comments and likes, and exact counters', async () => {
    const db = database.db;
    const allPosts = await db.select().from(posts);
    const allComments = await db.select().from(postComments);
    expect(allPosts.length).toBeGreaterThanOrEqual(15);
    expect(new Set(allPosts.map((p) => p.category))).toEqual(new Set(FORUM_CATEGORIES));
    expect(allPosts.some((p) => /^#{2,3} /m.test(p.content) && p.content.includes('**'))).toBe(true);
    const images = allPosts.flatMap((p) => p.images);
    expect(images.length).toBeGreaterThan(0);
    expect(images.every((url) => FORUM_IMAGE_URL.test(url))).toBe(true);
    const photo = await readFile(path.join(dir, images[0]!.replace('/files/', '')));
    expect(photo.subarray(8, 12).toString('ascii')).toBe('WEBP');
    for (const p of allPosts) {
      expect(p.comments_count).toBe(allComments.filter((c) => c.post_id === p.id).length);
    }
    expect(allComments.length).toBeGreaterThan(allPosts.length);
    expect(allPosts.every((p) => p.likes_count > 0)).toBe(true);
    const authors = await db.select().from(profiles).where(eq(profiles.id, allPosts[0]!.author_id));
    expect(authors[0]!.posts_count).toBe(
      allPosts.filter((p) => p.author_id === allPosts[0]!.author_id).length,
    );
    const mentionNotes = await db.select().from(notifications).where(eq(notifications.type, 'MENTION'));
    expect(mentionNotes.length).toBeGreaterThan(0);
    // Replies hang under their thread; a quote links to what it quotes; both told their authors.
    const replies = allComments.filter((c) => c.reply_to_id !== null);
    expect(replies.length).toBeGreaterThan(0);
    for (const reply of replies) {
      const parent = allComments.find((c) => c.id === reply.reply_to_id)!;
      expect(reply.post_id).toBe(parent.post_id);
      expect(reply.thread_id).toBe(parent.thread_id ?? parent.id);
    }
    const quoting = allComments.filter((c) => quotedTargets(c.content).length > 0);
    expect(quoting.length).toBeGreaterThan(0);
    for (const type of ['REPLY', 'QUOTE', 'WATCHED_TOPIC'] as const) {
      const notes = await db.select().from(notifications).where(eq(notifications.type, type));
      expect(notes.length, type).toBeGreaterThan(0);
      const commentOf = (n: (typeof notes)[number]) => (n.data as { commentId?: string }).commentId;
      expect(notes.every((n) => allComments.some((c) => c.id === commentOf(n)))).toBe(true);
    }
    // A pinned, locked welcome topic; and reading in every state for the signed-in demo members.
    expect(allPosts.filter((p) => p.pinned_at !== null && p.locked_at !== null)).toHaveLength(1);
    expect((await db.select().from(forumBookmarks)).length).toBeGreaterThan(0);
    // Drafts the composer puts back: a new topic, and a reply that answers a comment of its topic.
    const drafts = await db.select().from(forumDrafts);
    expect(drafts.some((d) => d.post_id === null)).toBe(true);
    const replyDraft = drafts.find((d) => d.post_id !== null);
    const answered = (replyDraft?.data as { reply_to_id?: string } | undefined)?.reply_to_id;
    expect(allComments.find((c) => c.id === answered)?.post_id).toBe(replyDraft?.post_id);
    const watches = await db.select().from(forumWatches);
    expect(new Set(watches.map((w) => `${w.target_type}:${w.level}`))).toEqual(
      new Set(['category:watching', 'post:watching', 'post:muted', 'category:muted']),
    );
    const reads = await db.select().from(forumReads);
    expect(reads.length).toBeGreaterThan(0);
    const unreadSomewhere = reads.some((read) =>
      allComments.some(
        (c) => c.post_id === read.post_id && c.author_id !== read.user_id && c.created_at > read.read_up_to,
      ),
    );
    expect(unreadSomewhere).toBe(true);
    for (const p of allPosts) {
      const newest = Math.max(
        p.created_at.getTime(),
        ...allComments.filter((c) => c.post_id === p.id).map((c) => c.created_at.getTime()),
      );
      expect(p.last_activity_at.getTime()).toBe(newest);
    }
  });

  it('gives the admin area a history: audit log, pending listings, open reports, rules and errors', async () => {
    const db = database.db;
    const audit = await db.select().from(auditLogs);
    expect(audit.length).toBeGreaterThanOrEqual(10);
    expect(new Set(audit.map((a) => a.severity))).toEqual(new Set(['low', 'medium', 'high']));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['user.ban', 'user.unban', 'user.role']),
    );
    const bans = await db.select().from(userBans);
    expect(bans).toMatchObject([{ is_active: false }]);
    expect(bans[0]!.lifted_at).not.toBeNull();

    const pendingListings = await db.select().from(products).where(eq(products.moderation_status, 'pending'));
    expect(pendingListings.length).toBeGreaterThanOrEqual(3);
    const open = await db.select().from(moderationQueue).where(eq(moderationQueue.status, 'pending'));
    expect(new Set(open.map((q) => q.entity_type))).toEqual(
      new Set(['forum_post', 'product', 'forum_comment', 'user', 'review']),
    );
    expect(new Set(open.map((q) => q.priority)).size).toBe(4);
    expect(await db.select().from(moderationQueue)).toHaveLength(7);
    // The reported review is one anyone can read, reported by the member it speaks of.
    const reportedReview = open.find((q) => q.entity_type === 'review')!;
    const [review] = await db
      .select()
      .from(orderReviews)
      .where(eq(orderReviews.id, reportedReview.entity_id));
    expect(review).toMatchObject({ moderation_status: 'active', reviewee_id: reportedReview.reporter_id });
    expect(review!.revealed_at).not.toBeNull();

    const rules = await db.select().from(moderationRules);
    expect(rules.map((r) => [r.kind, r.action]).sort()).toEqual([
      ['pattern', 'hide'],
      ['phrase', 'flag'],
      ['word', 'queue'],
    ]);
    const errors = await db.select().from(monitoringErrors);
    const groups = new Map<string, number>();
    for (const e of errors) groups.set(e.fingerprint, (groups.get(e.fingerprint) ?? 0) + 1);
    expect(Math.max(...groups.values())).toBeGreaterThanOrEqual(3);
  });

  it("gives each listing's seller real reader counts: one row per reader and day, never before the listing, kept in views_count", async () => {
    const listings = await database.db.select().from(products);
    const views = await database.db.select().from(listingViews);
    const byListing = new Map<string, string[]>();
    for (const view of views)
      byListing.set(view.product_id, [...(byListing.get(view.product_id) ?? []), view.day]);
    const today = new Date().toISOString().slice(0, 10);
    for (const listing of listings) {
      const days = byListing.get(listing.id) ?? [];
      expect(listing.views_count, listing.title).toBe(days.length);
      const first = listing.created_at.toISOString().slice(0, 10);
      expect(
        days.every((day) => day >= first && day <= today),
        listing.title,
      ).toBe(true);
    }
    // Readers are kept for the last two weeks: a listing sold before then has none in the demo.
    const readable = listings.filter((l) => !l.sold_at || l.sold_at.getTime() > Date.now() - 14 * 86_400_000);
    expect(readable.filter((listing) => listing.views_count > 0).length).toBeGreaterThan(
      readable.length * 0.9,
    );
    const average = (rows: typeof listings) =>
      rows.reduce((sum, row) => sum + row.views_count, 0) / rows.length;
    expect(average(listings.filter((l) => l.is_featured))).toBeGreaterThan(
      average(listings.filter((l) => !l.is_featured)),
    );
  });

  it('gives members varied notification preferences, one on the daily digest, and grouped notifications to see', async () => {
    const db = database.db;
    const prefs = await db.select().from(notificationPreferences);
    expect(new Set(prefs.map((p) => p.user_id)).size).toBeGreaterThanOrEqual(4);
    expect(prefs.some((p) => !p.in_app)).toBe(true);
    const daily = await db.select().from(profiles).where(eq(profiles.email_delivery, 'daily'));
    expect(daily.map((p) => p.username)).toEqual(['flyfisher_fran']);
    const queued = await db.select().from(jobs).where(eq(jobs.key, daily[0]!.id));
    const items = await db.select().from(notificationDigestItems);
    expect(queued.length).toBe(items.length > 0 ? 1 : 0);
    // Several notifications of one kind on one thing: the lists show them as one entry.
    const all = await db.select().from(notifications);
    const groups = groupNotifications(
      all.map((n) => ({
        id: n.id,
        type: n.type as NotificationType,
        title: n.title,
        message: n.message,
        data: n.data as NotificationData,
        read: n.read,
        created_at: n.created_at.toISOString(),
      })),
    );
    expect(groups.some((g) => g.items.length > 1 && g.latest.type === 'NEW_MESSAGE')).toBe(true);
  });
});
