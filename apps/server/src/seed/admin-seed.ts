import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { ROLE_PERMISSIONS } from '@castline/shared';
import type { Database } from '../db/client.js';
import {
  auditLogs,
  moderationLogs,
  moderationQueue,
  moderationRules,
  monitoringErrors,
  monitoringEvents,
  orderReviews,
  postComments,
  posts,
  products,
  profiles,
  userBans,
} from '../db/schema/index.js';
import { errorFingerprint } from '../modules/monitoring/index.js';
import { demoRetailRange } from './listing-catalog.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Listings waiting for approval on first start. */
export const DEMO_PENDING_LISTINGS_MIN = 3;

export interface AdminSeedCounts {
  auditLogs: number;
  openReports: number;
  rules: number;
  monitoringRows: number;
}

/**
 * Gives the admin area a past: audit history by the demo admin and moderator (a lifted ban, a
 * role change, a settings change, reviews and rules), listings awaiting approval, open and
 * reviewed reports (one of an order review, after the review seed), moderation rules with their
 * log, and client/server errors and events.
 */
export async function seedDemoAdmin(db: Database): Promise<AdminSeedCounts> {
  const members = new Map(
    (await db.select({ id: profiles.id, username: profiles.username }).from(profiles)).map((p) => [
      p.username,
      p.id,
    ]),
  );
  const id = (username: string): string => {
    const found = members.get(username);
    if (!found) throw new Error(`admin seed: demo member ${username} is missing`);
    return found;
  };
  const admin = id('admin');
  const moderator = id('moderator');
  const banned = id('catfish_carl');
  const spammer = id('snapper_shay');

  const [post] = await db.select({ id: posts.id }).from(posts).orderBy(asc(posts.created_at)).limit(1);
  const comments = await db
    .select({ id: postComments.id, post_id: postComments.post_id })
    .from(postComments)
    .orderBy(asc(postComments.created_at))
    .limit(2);
  const listings = await db
    .select({
      id: products.id,
      title: products.title,
      status: products.moderation_status,
      price: products.price,
      condition: products.condition,
      category: products.category,
      brand: products.brand,
      model: products.model,
      rod_brand: products.rod_brand,
      reel_brand: products.reel_brand,
    })
    .from(products)
    .where(and(eq(products.deleted, false), eq(products.sold, false)))
    .orderBy(asc(products.created_at));
  const [reportedComment, flaggedComment] = comments;
  if (!post || !reportedComment || !flaggedComment || listings.length < 6) {
    throw new Error('admin seed: the forum and marketplace must be seeded first');
  }
  const active = listings.filter((l) => l.status === 'active');
  const pending = listings.filter((l) => l.status === 'pending');
  // The two reports that speak of a price too good to be true are about the new gear that asks
  // least against its price new.
  const shareOfRetail = (l: (typeof listings)[number]) => {
    const retail = demoRetailRange(l);
    return retail ? l.price / ((retail[0] + retail[1]) / 2) : Number.POSITIVE_INFINITY;
  };
  const bargains = active
    .filter((l) => l.condition === 'new' && demoRetailRange(l) !== null)
    .sort((a, b) => shareOfRetail(a) - shareOfRetail(b));
  const reportedListing = bargains[0] ?? active[0]!;
  const approvedListing = bargains[1] ?? active.find((l) => l !== reportedListing)!;
  const toPending = active
    .filter((l) => l !== reportedListing && l !== approvedListing)
    .slice(0, Math.max(0, DEMO_PENDING_LISTINGS_MIN - pending.length))
    .map((l) => l.id);

  // The harshest visible review a buyer wrote, reported by the seller it speaks of.
  const [reportedReview] = await db
    .select({ id: orderReviews.id, reviewee_id: orderReviews.reviewee_id })
    .from(orderReviews)
    .where(
      and(
        isNotNull(orderReviews.revealed_at),
        eq(orderReviews.reviewer_role, 'buyer'),
        ne(orderReviews.body, ''),
        eq(orderReviews.moderation_status, 'active'),
      ),
    )
    .orderBy(asc(orderReviews.rating), asc(orderReviews.created_at), asc(orderReviews.id))
    .limit(1);

  const now = Date.now();
  const ago = (days: number, hours = 0): Date => new Date(now - days * DAY_MS - hours * HOUR_MS);

  return db.transaction(async (tx) => {
    if (toPending.length > 0) {
      await tx.update(products).set({ moderation_status: 'pending' }).where(inArray(products.id, toPending));
    }

    // A past ban of a member, lifted by the admin a few days later.
    const [ban] = await tx
      .insert(userBans)
      .values({
        user_id: banned,
        banned_by: moderator,
        reason: 'Repeated off-topic self-promotion in the forum',
        ban_start: ago(18),
        ban_end: ago(11),
        is_active: false,
        notes: 'Third warning ignored.',
        lifted_by: admin,
        lifted_at: ago(15),
        created_at: ago(18),
      })
      .returning({ id: userBans.id });
    if (!ban) throw new Error('admin seed: ban insert returned nothing');

    const rules = await tx
      .insert(moderationRules)
      .values([
        {
          name: 'Counterfeit gear',
          kind: 'word',
          pattern: 'counterfeit',
          action: 'queue',
          created_by: admin,
          created_at: ago(24),
          updated_at: ago(24),
        },
        {
          name: 'Off-site payment',
          kind: 'phrase',
          pattern: 'wire transfer only',
          action: 'flag',
          created_by: admin,
          created_at: ago(24, 1),
          updated_at: ago(24, 1),
        },
        {
          name: 'Phone-number spam',
          kind: 'pattern',
          pattern: '\\(?\\d{3}\\)?[\\s.-]?\\d{3}[\\s.-]?\\d{4}',
          action: 'hide',
          applies_to: ['forum_post', 'forum_comment', 'message'],
          created_by: admin,
          created_at: ago(22),
          updated_at: ago(22),
        },
      ])
      .returning({ id: moderationRules.id, name: moderationRules.name, kind: moderationRules.kind });
    const [counterfeitRule, wireRule, phoneRule] = rules;
    if (!counterfeitRule || !wireRule || !phoneRule) throw new Error('admin seed: rules missing');

    // Open reports from members, and two that were already reviewed.
    const queue = await tx
      .insert(moderationQueue)
      .values([
        {
          entity_type: 'forum_post',
          entity_id: post.id,
          priority: 'high',
          reason: 'Shares a private fishing spot with trespass directions',
          reporter_id: id('flyfisher_fran'),
          created_at: ago(0, 5),
        },
        {
          entity_type: 'product',
          entity_id: reportedListing.id,
          priority: 'urgent',
          reason: 'Looks counterfeit: the logo is wrong and the price is too good',
          reporter_id: id('reel_rita'),
          created_at: ago(0, 9),
        },
        {
          entity_type: 'forum_comment',
          entity_id: reportedComment.id,
          priority: 'medium',
          reason: 'Rude reply to a new member',
          reporter_id: id('bluegill_bea'),
          created_at: ago(1, 2),
        },
        {
          entity_type: 'user',
          entity_id: spammer,
          priority: 'low',
          reason: 'Sends the same charter advert to everyone',
          reporter_id: id('captain_ahab'),
          created_at: ago(2, 4),
        },
        {
          entity_type: 'product',
          entity_id: approvedListing.id,
          status: 'approved',
          priority: 'medium',
          reason: 'Price seems too low to be real',
          reporter_id: id('tuna_tom'),
          reviewed_by: moderator,
          reviewed_at: ago(6),
          notes: 'Seller sent receipts; genuine clearance price.',
          created_at: ago(7),
        },
        {
          entity_type: 'forum_comment',
          entity_id: flaggedComment.id,
          status: 'flagged',
          priority: 'high',
          reason: 'Asks for payment by wire transfer only',
          reporter_id: id('troutbum'),
          reviewed_by: moderator,
          reviewed_at: ago(4),
          notes: 'Flagged for the author to edit.',
          created_at: ago(5),
        },
      ])
      .returning({ id: moderationQueue.id });
    if (reportedReview) {
      await tx.insert(moderationQueue).values({
        entity_type: 'review',
        entity_id: reportedReview.id,
        priority: 'medium',
        reason: 'offensive: Calls me a liar over a reel that was exactly as described',
        reporter_id: reportedReview.reviewee_id,
        created_at: ago(0, 3),
      });
    }
    const approvedItem = queue[4]!;
    const flaggedItem = queue[5]!;
    await tx
      .update(postComments)
      .set({ status: 'flagged', moderation_reason: 'Flagged for the author to edit.' })
      .where(eq(postComments.id, flaggedComment.id));

    await tx.insert(moderationLogs).values([
      {
        rule_id: counterfeitRule.id,
        entity_type: 'product',
        entity_id: reportedListing.id,
        action: 'queue',
        reason: 'Matched rule: Counterfeit gear',
        created_at: ago(0, 9),
      },
      {
        moderator_id: moderator,
        entity_type: 'product',
        entity_id: approvedListing.id,
        action: 'approve',
        reason: 'Seller sent receipts; genuine clearance price.',
        created_at: ago(6),
      },
      {
        moderator_id: moderator,
        entity_type: 'forum_comment',
        entity_id: flaggedComment.id,
        action: 'flag',
        reason: 'Flagged for the author to edit.',
        created_at: ago(4),
      },
      {
        rule_id: wireRule.id,
        entity_type: 'forum_comment',
        entity_id: flaggedComment.id,
        action: 'flag',
        reason: 'Matched rule: Off-site payment',
        created_at: ago(5),
      },
      {
        moderator_id: moderator,
        entity_type: 'user',
        entity_id: banned,
        action: 'ban',
        reason: 'Repeated off-topic self-promotion in the forum',
        created_at: ago(18),
      },
    ]);

    const ruleAudit = (
      rule: { id: string; name: string; kind: string },
      pattern: string,
      action: string,
    ) => ({
      action: 'moderation.rule.create',
      entity_type: 'moderation_rule',
      entity_id: rule.id,
      severity: 'medium',
      new_data: { name: rule.name, kind: rule.kind, pattern, action },
    });
    const audit = [
      {
        user_id: admin,
        action: 'user.role',
        entity_type: 'user',
        entity_id: moderator,
        severity: 'high',
        old_data: { role: 'user', is_admin: false },
        new_data: { role: 'moderator', is_admin: true, permissions: [...ROLE_PERMISSIONS.moderator] },
        created_at: ago(27),
      },
      {
        user_id: admin,
        action: 'settings.update',
        entity_type: 'admin_settings',
        entity_id: '1',
        severity: 'medium',
        old_data: { listings_require_approval: false, signups_open: false, site_notice: null },
        new_data: { listings_require_approval: false, signups_open: true, site_notice: null },
        created_at: ago(25),
      },
      { user_id: admin, ...ruleAudit(counterfeitRule, 'counterfeit', 'queue'), created_at: ago(24) },
      { user_id: admin, ...ruleAudit(wireRule, 'wire transfer only', 'flag'), created_at: ago(24, 1) },
      {
        user_id: admin,
        ...ruleAudit(phoneRule, '\\(?\\d{3}\\)?[\\s.-]?\\d{3}[\\s.-]?\\d{4}', 'hide'),
        created_at: ago(22),
      },
      {
        user_id: moderator,
        action: 'user.ban',
        entity_type: 'user',
        entity_id: banned,
        severity: 'high',
        old_data: { status: 'active', username: 'catfish_carl' },
        new_data: {
          status: 'banned',
          reason: 'Repeated off-topic self-promotion in the forum',
          ban_end: ago(11).toISOString(),
        },
        created_at: ago(18),
      },
      {
        user_id: admin,
        action: 'user.unban',
        entity_type: 'user',
        entity_id: banned,
        severity: 'medium',
        old_data: {
          status: 'banned',
          banned_reason: 'Repeated off-topic self-promotion in the forum',
          ban_end: ago(11).toISOString(),
        },
        new_data: { status: 'active' },
        created_at: ago(15),
      },
      {
        user_id: moderator,
        action: 'moderation.review',
        entity_type: 'product',
        entity_id: approvedListing.id,
        severity: 'low',
        old_data: { queue_item_id: approvedItem.id, status: 'pending' },
        new_data: {
          queue_item_id: approvedItem.id,
          status: 'approved',
          action: 'approve',
          notes: 'Seller sent receipts; genuine clearance price.',
        },
        created_at: ago(6),
      },
      {
        user_id: moderator,
        action: 'moderation.review',
        entity_type: 'forum_comment',
        entity_id: flaggedComment.id,
        severity: 'medium',
        old_data: { queue_item_id: flaggedItem.id, status: 'pending' },
        new_data: {
          queue_item_id: flaggedItem.id,
          status: 'flagged',
          action: 'flag',
          notes: 'Flagged for the author to edit.',
        },
        created_at: ago(4),
      },
      {
        user_id: admin,
        action: 'moderation.rule.update',
        entity_type: 'moderation_rule',
        entity_id: wireRule.id,
        severity: 'medium',
        old_data: { is_active: false },
        new_data: { is_active: true },
        created_at: ago(20),
      },
      {
        user_id: moderator,
        action: 'moderation.rule.update',
        entity_type: 'moderation_rule',
        entity_id: phoneRule.id,
        severity: 'low',
        old_data: { applies_to: ['product', 'forum_post', 'forum_comment', 'message'] },
        new_data: { applies_to: ['forum_post', 'forum_comment', 'message'] },
        created_at: ago(9),
      },
      {
        user_id: admin,
        action: 'settings.update',
        entity_type: 'admin_settings',
        entity_id: '1',
        severity: 'low',
        old_data: {
          listings_require_approval: false,
          signups_open: true,
          site_notice: 'Castline is down for maintenance tonight from 10 pm PT.',
        },
        new_data: { listings_require_approval: false, signups_open: true, site_notice: null },
        created_at: ago(2),
      },
    ];
    await tx.insert(auditLogs).values(audit);

    const errors = monitoringErrorRows(now, [id('captain_ahab'), id('flyfisher_fran'), id('salty_sue')]);
    await tx.insert(monitoringErrors).values(errors);
    const events = monitoringEventRows(now, [id('bassmaster_ben'), id('troutbum'), null]);
    await tx.insert(monitoringEvents).values(events);

    return {
      auditLogs: audit.length,
      openReports: reportedReview ? 5 : 4,
      rules: rules.length,
      monitoringRows: errors.length + events.length,
    };
  });
}

const PRICE_ERROR = {
  message: "Cannot read properties of undefined (reading 'price')",
  stack: `TypeError: Cannot read properties of undefined (reading 'price')
    at OfferSummary (/assets/listing-detail-3f9a1c.js:112:38)
    at renderWithHooks (/assets/vendor-react-8b21d0.js:4021:22)`,
  url: '/listings',
};
const FETCH_ERROR = {
  message: 'Failed to fetch',
  stack: `TypeError: Failed to fetch
    at request (/assets/api-client-1c7e55.js:44:11)
    at async loadInbox (/assets/messages-a90b3e.js:18:5)`,
  url: '/messages',
};

function monitoringErrorRows(now: number, userIds: string[]) {
  const at = (hours: number) => new Date(now - hours * HOUR_MS);
  const client = (
    sample: { message: string; stack: string; url: string },
    hours: number,
    user: string | null,
  ) => ({
    user_id: user,
    source: 'client',
    message: sample.message,
    stack: sample.stack,
    fingerprint: errorFingerprint(sample.message, sample.stack),
    context: { url: sample.url, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)' },
    metadata: { name: 'TypeError', release: '1.4.2' },
    timestamp: at(hours),
    created_at: at(hours),
  });
  const serverMessage = 'Connection terminated unexpectedly';
  const serverStack = `Error: Connection terminated unexpectedly
    at Connection.<anonymous> (/app/node_modules/pg/lib/client.js:132:73)`;
  return [
    client(PRICE_ERROR, 2, userIds[0] ?? null),
    client(PRICE_ERROR, 7, userIds[1] ?? null),
    client(PRICE_ERROR, 30, userIds[2] ?? null),
    client(PRICE_ERROR, 52, userIds[0] ?? null),
    client(FETCH_ERROR, 3, userIds[1] ?? null),
    client(FETCH_ERROR, 75, userIds[2] ?? null),
    {
      user_id: null,
      source: 'server',
      message: serverMessage,
      stack: serverStack,
      fingerprint: errorFingerprint(serverMessage, serverStack),
      context: { method: 'GET', route: '/api/listings' },
      metadata: { name: 'Error' },
      request_id: 'req-7f3k',
      timestamp: at(20),
      created_at: at(20),
    },
  ];
}

function monitoringEventRows(now: number, userIds: (string | null)[]) {
  const at = (hours: number) => new Date(now - hours * HOUR_MS);
  const user = (n: number) => userIds[n % userIds.length] ?? null;
  const timing = (name: string, route: string, ms: number, hours: number, n: number) => ({
    event_type: 'timing',
    user_id: user(n),
    context: { url: route },
    metadata: { name, duration_ms: ms },
    timestamp: at(hours),
    created_at: at(hours),
  });
  return [
    timing('page_load', '/', 840, 1, 0),
    timing('page_load', '/listings', 1210, 2, 1),
    timing('api_request', '/api/listings', 96, 2, 2),
    timing('api_request', '/api/forum/posts', 142, 5, 0),
    timing('page_load', '/forum', 960, 8, 1),
    timing('image_upload', '/listings/new', 2380, 26, 2),
    {
      event_type: 'log',
      user_id: user(0),
      context: { url: '/messages' },
      metadata: { level: 'warn', message: 'Realtime connection lost, reconnecting' },
      timestamp: at(3),
      created_at: at(3),
    },
    {
      event_type: 'log',
      user_id: user(1),
      context: { url: '/listings/new' },
      metadata: { level: 'info', message: 'Draft listing restored from this device' },
      timestamp: at(12),
      created_at: at(12),
    },
    {
      event_type: 'event',
      user_id: user(2),
      context: { url: '/listings' },
      metadata: { name: 'search', query: 'spinning reel' },
      timestamp: at(4),
      created_at: at(4),
    },
    {
      event_type: 'event',
      user_id: user(0),
      context: { url: '/forum' },
      metadata: { name: 'post_created' },
      timestamp: at(28),
      created_at: at(28),
    },
    {
      event_type: 'metric',
      user_id: null,
      context: { url: '/' },
      metadata: { name: 'largest_contentful_paint', value: 1830 },
      timestamp: at(6),
      created_at: at(6),
    },
    {
      event_type: 'metric',
      user_id: null,
      context: { url: '/listings' },
      metadata: { name: 'cumulative_layout_shift', value: 0.04 },
      timestamp: at(30),
      created_at: at(30),
    },
    {
      event_type: 'timing',
      user_id: user(1),
      context: { url: '/admin' },
      metadata: { name: 'page_load', duration_ms: 1020 },
      timestamp: at(48),
      created_at: at(48),
    },
  ];
}
