/**
 * The authorization matrix: every route of the app (app.routeTable) × every kind of actor →
 * the answer expected. A route added without an entry here fails the first test, so every new
 * route gets its row. Where a shared policy decides (packages/shared/src/<feature>/*.policy.ts), the row is
 * read from that policy applied to each actor as the server sees it (checked against each
 * actor's session below), so a policy and its routes cannot drift apart. Each request carries a JSON body of `{}`, so "allowed" means the guards
 * let the actor through (the answer may still be 400 for the empty body, or 404), and "denied"
 * means 401, 403 or, for someone else's resource, 404. No answer may be a 5xx.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  actsAsCaptain,
  actsWithPermissions,
  canActAsMember,
  canBuyNow,
  canReplyToReview,
  canReviewOrder,
  canViewOrder,
  canManageForumContent,
  canPinOrLockTopic,
  canManageListing,
  isConversationMember,
  isListingOwner,
  ROLE_PERMISSIONS,
  type AdminPermission,
  type ListingResource,
  type MemberActor,
} from '@castline/shared';
import { profiles } from '../src/db/schema/index.js';
import { recordFigure } from './figures.js';
import { useTestApp } from './test-app.js';
import { testEngine } from './test-engine.js';
import {
  buildAlert,
  buildComment,
  buildListing,
  buildMessage,
  buildNotification,
  buildOffer,
  buildOrder,
  buildPost,
  buildReview,
  signedInMember,
  uniqueIp,
  type Caller,
} from './factories.js';

const t = useTestApp();

const ACTORS = [
  'guest',
  'member',
  'owner',
  'otherMember',
  'banned',
  'captain',
  'nonCaptain',
  'moderator',
  'support',
  'admin',
] as const;
type ActorName = (typeof ACTORS)[number];
/** The order actors call each route in: the owner last, so that the others meet its resources. */
const CALL_ORDER: ActorName[] = [...ACTORS.filter((actor) => actor !== 'owner'), 'owner'];

/**
 * ok: past the guards (any answer but 401/403, never 5xx); denied: 401, 403 or 404; refused: any
 * 4xx, never a success (a banned member's write whose ban the service checks once the input is
 * valid: feature tests send valid input and see 403); or an exact status.
 */
type Outcome = 'ok' | 'denied' | 'refused' | 401 | 403;
type Row = Record<ActorName, Outcome>;

const everyone = (outcome: Outcome): Row =>
  Object.fromEntries(ACTORS.map((actor) => [actor, outcome])) as Row;

type SignedInActor = Exclude<ActorName, 'guest'>;
type PolicyActor = MemberActor & { is_captain: boolean };

/** Each signed-in actor as the policies see it; `beforeAll` checks it against their sessions. */
const member = (id: SignedInActor, changes: Partial<PolicyActor> = {}): PolicyActor => ({
  id,
  status: 'active',
  is_admin: false,
  permissions: [],
  hasAdminRole: false,
  // Members are captains unless made otherwise.
  is_captain: true,
  ...changes,
});
const staff = (id: SignedInActor, role: 'moderator' | 'support' | 'admin'): PolicyActor =>
  member(id, { is_admin: true, hasAdminRole: true, permissions: ROLE_PERMISSIONS[role] });
const POLICY_ACTORS: Record<SignedInActor, PolicyActor> = {
  member: member('member'),
  owner: member('owner'),
  otherMember: member('otherMember'),
  banned: member('banned', { status: 'banned' }),
  captain: member('captain'),
  nonCaptain: member('nonCaptain', { is_captain: false }),
  moderator: staff('moderator', 'moderator'),
  support: staff('support', 'support'),
  admin: staff('admin', 'admin'),
};

/** The owner's listing and forum content, as the policies read them. */
const OWNERS_LISTING: ListingResource = {
  seller_id: 'owner',
  deleted: false,
  moderation_status: 'active',
  visible_in_marketplace: true,
  sold: false,
  buyer_id: null,
  transaction_rating: null,
};
const OWNERS_CONTENT = { author_id: 'owner' };
/** The owner's conversation with the other member (a message between them). */
const OWNERS_CONVERSATION = { member_ids: ['owner', 'otherMember'] as const };
/** The owner's order: the owner sells, the other member bought. */
const OWNERS_ORDER = { state: 'awaiting_payment' as const, buyer_id: 'otherMember', seller_id: 'owner' };
/**
 * Two completed sales of the owner to the other member, received now: on the first the other
 * member's review is in (hidden), the owner's is not; on the second both are in and visible.
 */
const REVIEWED_AT = new Date();
const REVIEW_ORDER = {
  state: 'completed' as const,
  buyer_id: 'otherMember',
  seller_id: 'owner',
  received_at: REVIEWED_AT,
  completed_at: REVIEWED_AT,
};
const REVIEWS_SO_FAR = [{ reviewer_id: 'otherMember' }];
/** The other member's visible review of the owner (the second sale). */
const VISIBLE_REVIEW = {
  reviewer_id: 'otherMember',
  reviewee_id: 'owner',
  revealed_at: REVIEWED_AT,
  reply: null,
};

/** A row read from a policy: `ok` where it allows the actor, `otherwise` where not; guests get 401. */
const byPolicy = (allows: (actor: PolicyActor) => boolean, otherwise: Outcome): Row => ({
  ...(Object.fromEntries(
    (Object.keys(POLICY_ACTORS) as SignedInActor[]).map((name) => [
      name,
      allows(POLICY_ACTORS[name]) ? 'ok' : otherwise,
    ]),
  ) as Omit<Row, 'guest'>),
  guest: 401,
});

/** Anyone, signed in or not, banned or not. */
const PUBLIC = everyone('ok');
/** Any session; a banned member still reads. */
const SIGNED_IN = { ...everyone('ok'), guest: 401 } satisfies Row;
/** Any session that may write: canActAsMember (a banned member is refused once the input is valid). */
const MEMBER_WRITE = byPolicy(canActAsMember, 'refused');
/** actsAsCaptain: captains (members are captains unless made otherwise), not banned ones. */
const CAPTAIN = byPolicy(actsAsCaptain, 403);
/** The owner of the resource in the URL; anyone else is refused or told it does not exist. */
const OWNER = (overrides: Partial<Row> = {}): Row => ({
  ...everyone('denied'),
  guest: 401,
  owner: 'ok',
  ...overrides,
});
/** actsWithPermissions: staff holding `permission`, by their role's permissions, not banned. */
const STAFF = (permission: AdminPermission): Row =>
  byPolicy((actor) => actsWithPermissions(actor, [permission]), 403);
/** canManageListing: the seller, or staff who moderate listings. */
const LISTING_OWNER_OR_STAFF = byPolicy((actor) => canManageListing(actor, OWNERS_LISTING), 'denied');
/** isListingOwner: the seller's own steps (mark sold, buyer candidates). */
const LISTING_OWNER = byPolicy((actor) => isListingOwner(actor, OWNERS_LISTING), 'denied');
/**
 * canReviewOrder: the side that may review now; the other side is refused (it reviewed already),
 * anyone else is told the order does not exist.
 */
const REVIEWER = {
  ...byPolicy((actor) => canViewOrder(actor, REVIEW_ORDER), 'denied'),
  ...Object.fromEntries(
    (['owner', 'otherMember'] as const).map((name) => [
      name,
      canReviewOrder(POLICY_ACTORS[name], REVIEW_ORDER, new Date(), REVIEWS_SO_FAR) ? 'ok' : 'refused',
    ]),
  ),
} as Row;
/** canManageForumContent: the author, or staff who manage the forum. */
const AUTHOR_OR_FORUM_STAFF = byPolicy((actor) => canManageForumContent(actor, OWNERS_CONTENT), 'denied');

const MATRIX: Record<string, Row> = {
  // Accounts
  'POST /api/auth/sign-up': PUBLIC,
  'POST /api/auth/sign-in': PUBLIC,
  'POST /api/auth/sign-out': PUBLIC,
  'POST /api/auth/verify-email': PUBLIC,
  'POST /api/auth/send-verification-email': PUBLIC,
  'POST /api/auth/request-password-reset': PUBLIC,
  'POST /api/auth/reset-password': PUBLIC,
  'GET /api/auth/session': PUBLIC,
  'GET /api/auth/me': SIGNED_IN,
  'GET /api/auth/sessions': SIGNED_IN,
  'DELETE /api/auth/sessions/:sessionId': SIGNED_IN,
  'POST /api/auth/sessions/revoke-others': SIGNED_IN,
  // Settings
  'POST /api/settings/password': SIGNED_IN,
  'POST /api/settings/email': SIGNED_IN,
  'POST /api/settings/email/confirm': PUBLIC,
  'GET /api/settings/notifications': SIGNED_IN,
  'PUT /api/settings/notifications': SIGNED_IN,
  'GET /api/settings/notification-preferences': SIGNED_IN,
  'PATCH /api/settings/notification-preferences': SIGNED_IN,
  'DELETE /api/settings/account': SIGNED_IN,
  // Listings
  'GET /api/listings': PUBLIC,
  'GET /api/listings/home': PUBLIC,
  'GET /api/listings/:id': PUBLIC,
  'GET /api/listings/:id/similar': PUBLIC,
  'GET /api/listings/price-guide': PUBLIC,
  'GET /api/listings/:id/price-guide': PUBLIC,
  // The view beacon: anyone who may see the listing (the owner's own view is not counted).
  'POST /api/listings/:id/views': PUBLIC,
  'POST /api/listings': MEMBER_WRITE,
  'PUT /api/listings/:id': LISTING_OWNER_OR_STAFF,
  'DELETE /api/listings/:id': LISTING_OWNER_OR_STAFF,
  'POST /api/listings/:id/mark-sold': LISTING_OWNER,
  'GET /api/listings/:id/buyer-candidates': LISTING_OWNER,
  // The seller cannot rate their own sale (409 while it is unsold).
  'POST /api/listings/:id/rating': { ...MEMBER_WRITE, owner: 'refused' },
  'POST /api/listings/:id/like': MEMBER_WRITE,
  'POST /api/listings/:id/favorite': MEMBER_WRITE,
  'GET /api/me/favorites': SIGNED_IN,
  // Offers
  'POST /api/listings/:id/offers': { ...MEMBER_WRITE, owner: 'denied' },
  'GET /api/listings/:id/offers/mine': SIGNED_IN,
  'GET /api/me/offers': SIGNED_IN,
  'GET /api/me/offers/with/:userId': SIGNED_IN,
  // The owner sells, the other member made the offer: each side may only take its own steps
  // (a party's wrong step is refused, by state first: 409 once the offer is closed).
  'POST /api/offers/:id/accept': OWNER({ otherMember: 'refused' }),
  'POST /api/offers/:id/reject': OWNER({ otherMember: 'refused' }),
  'POST /api/offers/:id/counter': OWNER({ otherMember: 'refused' }),
  'POST /api/offers/:id/cancel': OWNER({ owner: 'refused', otherMember: 'ok' }),
  // Orders. Buying: anyone canBuyNow allows past the guards (the matrix listing is pickup only, so
  // 409); the seller and a banned member are refused.
  'POST /api/listings/:id/buy': byPolicy(
    (actor) => canBuyNow(actor, { ...OWNERS_LISTING, handover: 'shipping' }),
    'refused',
  ),
  'GET /api/me/orders': SIGNED_IN,
  // Only the order's two sides see it (canViewOrder); to anyone else it does not exist (404).
  'GET /api/orders/:id': byPolicy((actor) => canViewOrder(actor, OWNERS_ORDER), 'denied'),
  // Each side may take only its own steps (orderActionsFor): the other side is refused (403, or
  // 409 when the state does not allow the step at all); the body {} answers 400 where one is read.
  'POST /api/orders/:id/confirm-payment': OWNER({ otherMember: 'refused' }),
  'POST /api/orders/:id/ship': OWNER({ otherMember: 'refused' }),
  'POST /api/orders/:id/receive': OWNER({ owner: 'refused', otherMember: 'refused' }),
  'POST /api/orders/:id/cancel': OWNER({ otherMember: 'ok' }),
  // Reviews. The review routes name the sale the other member has reviewed and the owner not yet.
  'POST /api/orders/:id/review': REVIEWER,
  'GET /api/orders/:id/reviews': byPolicy((actor) => canViewOrder(actor, REVIEW_ORDER), 'denied'),
  // canReplyToReview: the member reviewed (the owner), once the review is visible; anyone else 403.
  'POST /api/reviews/:id/reply': byPolicy((actor) => canReplyToReview(actor, VISIBLE_REVIEW), 'denied'),
  'GET /api/profiles/:userId/reviews': PUBLIC,
  'GET /api/profiles/:userId/review-figures': PUBLIC,
  // Messages, presence, notifications
  'GET /api/conversations': SIGNED_IN,
  'GET /api/conversations/:userId': SIGNED_IN,
  'GET /api/conversations/:userId/messages': SIGNED_IN,
  'POST /api/conversations/:userId/read': SIGNED_IN,
  // isConversationMember: archive and mute are for the conversation's two members (the URL names
  // the owner: the other member's conversation with them; the owner naming themselves gets 400);
  // to anyone else it does not exist (404).
  'PATCH /api/conversations/:userId': byPolicy(
    (actor) => isConversationMember(actor, OWNERS_CONVERSATION),
    'denied',
  ),
  'GET /api/messages/search': SIGNED_IN,
  'POST /api/messages': MEMBER_WRITE,
  'GET /api/me/unread': SIGNED_IN,
  'GET /api/presence': SIGNED_IN,
  'GET /api/realtime': SIGNED_IN,
  'GET /api/notifications': SIGNED_IN,
  'POST /api/notifications/read-all': SIGNED_IN,
  'POST /api/notifications/read': SIGNED_IN,
  'POST /api/notifications/sync': SIGNED_IN,
  'POST /api/notifications/:id/read': OWNER(),
  'DELETE /api/notifications/:id': OWNER(),
  // Alerts
  'GET /api/alerts': SIGNED_IN,
  'POST /api/alerts': MEMBER_WRITE,
  'PATCH /api/alerts/:id': OWNER(),
  'DELETE /api/alerts/:id': OWNER(),
  'GET /api/alerts/matches': SIGNED_IN,
  'POST /api/alerts/matches/:id/read': { ...SIGNED_IN, owner: 'ok' },
  // Forum
  'GET /api/forum/categories': PUBLIC,
  'GET /api/forum/posts': PUBLIC,
  'GET /api/forum/posts/:id': PUBLIC,
  'GET /api/forum/posts/:id/comments': PUBLIC,
  'GET /api/forum/trending': PUBLIC,
  'GET /api/forum/top-contributors': PUBLIC,
  'POST /api/forum/posts': MEMBER_WRITE,
  'PATCH /api/forum/posts/:id': AUTHOR_OR_FORUM_STAFF,
  'DELETE /api/forum/posts/:id': AUTHOR_OR_FORUM_STAFF,
  'POST /api/forum/posts/:id/comments': MEMBER_WRITE,
  'POST /api/forum/posts/:id/like': MEMBER_WRITE,
  'POST /api/forum/comments/:id/like': MEMBER_WRITE,
  // Reading is recorded for any session, a banned member's too.
  'PUT /api/forum/posts/:id/read': SIGNED_IN,
  // canPinOrLockTopic: forum staff (the body {} answers them 400).
  'POST /api/forum/posts/:id/pin': byPolicy(canPinOrLockTopic, 403),
  'POST /api/forum/posts/:id/lock': byPolicy(canPinOrLockTopic, 403),
  // Bookmarks and watching are the caller's own, a banned member's too.
  'POST /api/forum/posts/:id/bookmark': SIGNED_IN,
  'POST /api/forum/comments/:id/bookmark': SIGNED_IN,
  'GET /api/me/bookmarks': SIGNED_IN,
  'PUT /api/forum/posts/:id/watch': SIGNED_IN,
  'PUT /api/forum/categories/watch': SIGNED_IN,
  'GET /api/me/forum-watches': SIGNED_IN,
  // Drafts are the caller's own; keeping one is writing (a banned member may read and discard theirs).
  'GET /api/forum/drafts/new-topic': SIGNED_IN,
  'PUT /api/forum/drafts/new-topic': MEMBER_WRITE,
  'DELETE /api/forum/drafts/new-topic': SIGNED_IN,
  'GET /api/forum/posts/:id/draft': SIGNED_IN,
  'PUT /api/forum/posts/:id/draft': MEMBER_WRITE,
  'DELETE /api/forum/posts/:id/draft': SIGNED_IN,
  'DELETE /api/forum/comments/:id': AUTHOR_OR_FORUM_STAFF,
  // Profiles, reports, uploads
  'GET /api/profiles/search': SIGNED_IN,
  'GET /api/profiles/:userId': SIGNED_IN,
  'PATCH /api/profiles/me': SIGNED_IN,
  'POST /api/profiles/:userId/block': { ...SIGNED_IN, owner: 'ok' },
  'GET /api/me/blocked': SIGNED_IN,
  'POST /api/reports': MEMBER_WRITE,
  'POST /api/uploads/:bucket': MEMBER_WRITE,
  // Tags: public reads
  'GET /api/tags': PUBLIC,
  'GET /api/tags/:slug': PUBLIC,
  // Captain's Club
  'GET /api/captains-club': CAPTAIN,
  // Admin
  'GET /api/admin/access': SIGNED_IN,
  'GET /api/admin/overview': STAFF('users.read'),
  'GET /api/admin/users': STAFF('users.read'),
  'GET /api/admin/users/:id': STAFF('users.read'),
  'GET /api/admin/roles': STAFF('users.read'),
  'POST /api/admin/users/:id/ban': STAFF('users.ban'),
  'POST /api/admin/users/:id/unban': STAFF('users.ban'),
  'PATCH /api/admin/users/:id/role': STAFF('users.roles'),
  'GET /api/admin/sessions': STAFF('sessions.manage'),
  'DELETE /api/admin/sessions/:id': STAFF('sessions.manage'),
  'GET /api/admin/settings': STAFF('settings.manage'),
  'PUT /api/admin/settings': STAFF('settings.manage'),
  'GET /api/admin/analytics': STAFF('analytics.read'),
  'GET /api/admin/audit-logs': STAFF('audit.read'),
  'GET /api/admin/monitoring/errors': STAFF('analytics.read'),
  'GET /api/admin/monitoring/errors/:fingerprint': STAFF('analytics.read'),
  'GET /api/admin/monitoring/events': STAFF('analytics.read'),
  'GET /api/admin/moderation/queue': STAFF('content.moderate'),
  'POST /api/admin/moderation/queue/:id/review': STAFF('content.moderate'),
  'GET /api/admin/moderation/logs': STAFF('content.moderate'),
  'GET /api/admin/moderation/rules': STAFF('moderation.rules'),
  'POST /api/admin/moderation/rules': STAFF('moderation.rules'),
  'PATCH /api/admin/moderation/rules/:id': STAFF('moderation.rules'),
  'DELETE /api/admin/moderation/rules/:id': STAFF('moderation.rules'),
  'GET /api/admin/moderation/listings': STAFF('listings.manage'),
  'POST /api/admin/moderation/listings/:id/approve': STAFF('listings.manage'),
  'POST /api/admin/moderation/listings/:id/reject': STAFF('listings.manage'),
  'GET /api/admin/forum/posts': STAFF('forum.manage'),
  'GET /api/admin/forum/comments': STAFF('forum.manage'),
  // Monitoring from the browser
  'POST /api/monitoring/errors': SIGNED_IN,
  'POST /api/monitoring/events': SIGNED_IN,
  // Platform
  'GET /api/health': PUBLIC,
  'GET /api/site-notice': PUBLIC,
  'GET /api/places/suggestions': PUBLIC,
  'GET /api/places/geocode': PUBLIC,
  'GET /api/docs': PUBLIC,
  'GET /api/docs/json': PUBLIC,
  'GET /api/docs/yaml': PUBLIC,
  'GET /api/docs/static/index.html': PUBLIC,
  'GET /api/docs/static/swagger-initializer.js': PUBLIC,
  'GET /api/docs/static/*': PUBLIC,
  'GET /api/dev/mailbox': PUBLIC,
  'GET /dev/mailbox': PUBLIC,
  'GET /files/*': PUBLIC,
  'GET /metrics': PUBLIC,
};

/**
 * Routes that delete the shared resources, then those that end the caller's session or account,
 * run last and in this order, so that every other route sees the resources and sessions alive.
 */
const LAST = [
  'POST /api/offers/:id/accept',
  'POST /api/offers/:id/reject',
  'POST /api/offers/:id/counter',
  'POST /api/offers/:id/cancel',
  'DELETE /api/forum/comments/:id',
  'DELETE /api/forum/posts/:id',
  'DELETE /api/alerts/:id',
  'DELETE /api/notifications/:id',
  'DELETE /api/listings/:id',
  'DELETE /api/auth/sessions/:sessionId',
  'POST /api/settings/password',
  'DELETE /api/settings/account',
  'POST /api/auth/sessions/revoke-others',
  'POST /api/auth/sign-out',
];
const order = (key: string) => LAST.indexOf(key) + 1;

const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const NO_SUCH_ID = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';

interface Resources {
  callers: Record<ActorName, Caller | null>;
  ids: Record<string, string>;
}
let resources: Resources;

const signIn = (adminRole?: 'moderator' | 'support' | 'admin') =>
  signedInMember(t.app, t.database.db, adminRole);

beforeAll(async () => {
  const [owner, memberActor, other, banned, captain, nonCaptain, moderator, support, admin] =
    await Promise.all([
      signIn(),
      signIn(),
      signIn(),
      signIn(),
      signIn(),
      signIn(),
      signIn('moderator'),
      signIn('support'),
      signIn('admin'),
    ]);
  const db = t.database.db;
  // A banned member who still holds a session (a ban also ends sessions; this one survived).
  await db.update(profiles).set({ banned: true, status: 'banned' }).where(eq(profiles.id, banned!.id));
  await db.update(profiles).set({ is_captain: false }).where(eq(profiles.id, nonCaptain!.id));

  // The owner's resources.
  const listing = await buildListing(db, owner!.id, { title: 'Matrix reel' });
  const alert = await buildAlert(db, owner!.id, { name: 'Matrix alert', filters: { category: ['reels'] } });
  const forumPost = await buildPost(db, owner!.id, {
    title: 'Matrix post',
    category: 'Fishing Reports',
    content: 'Walleye at dawn.',
  });
  const comment = await buildComment(db, forumPost.id, owner!.id, { content: 'Same here.' });
  // An offer on the owner's listing, made by the other member: the owner sells, the other buys.
  const offer = await buildOffer(db, listing, other!.id, { amount: 20 });
  // An order on another of the owner's listings, bought by the other member.
  const sold = await buildListing(db, owner!.id, {
    title: 'Matrix rod',
    handover: 'shipping',
    shipping_price: 8,
  });
  const order = await buildOrder(db, sold, other!.id);
  // Two completed sales to the other member: one with their review hidden, one with both visible.
  const completed = { state: 'completed', received_at: REVIEWED_AT, completed_at: REVIEWED_AT } as const;
  const reviewOrder = await buildOrder(
    db,
    await buildListing(db, owner!.id, { title: 'Matrix net' }),
    other!.id,
    completed,
  );
  await buildReview(db, reviewOrder, other!.id);
  const revealedOrder = await buildOrder(
    db,
    await buildListing(db, owner!.id, { title: 'Matrix waders' }),
    other!.id,
    completed,
  );
  const review = await buildReview(db, revealedOrder, other!.id, { revealed_at: REVIEWED_AT });
  await buildReview(db, revealedOrder, owner!.id, { revealed_at: REVIEWED_AT });
  // A conversation between the owner and the other member.
  await buildMessage(db, other!.id, owner!.id, { content: 'Matrix message' });
  const notification = await buildNotification(db, owner!.id, {
    type: 'NEW_MESSAGE',
    title: 'Matrix',
    message: 'A message',
  });

  resources = {
    callers: {
      guest: null,
      member: memberActor!,
      owner: owner!,
      otherMember: other!,
      banned: banned!,
      captain: captain!,
      nonCaptain: nonCaptain!,
      moderator: moderator!,
      support: support!,
      admin: admin!,
    },
    ids: {
      owner: owner!.id,
      listing: listing.id,
      alert: alert.id,
      post: forumPost.id,
      comment: comment.id,
      offer: offer.id,
      order: order.id,
      reviewOrder: reviewOrder.id,
      review: review.id,
      notification: notification.id,
    },
  };
}, 60_000);

/** The route's URL with its parameters filled: the owner's resource where the route names one. */
function urlOf(url: string): string {
  const { ids } = resources;
  const idFor = (prefix: string) =>
    [
      ['/api/listings/', ids.listing],
      ['/api/admin/moderation/listings/', ids.listing],
      ['/api/alerts/matches/', NO_SUCH_ID],
      ['/api/alerts/', ids.alert],
      ['/api/forum/posts/', ids.post],
      ['/api/forum/comments/', ids.comment],
      ['/api/offers/', ids.offer],
      ['/api/orders/:id/review', ids.reviewOrder],
      ['/api/orders/', ids.order],
      ['/api/reviews/', ids.review],
      ['/api/notifications/', ids.notification],
      ['/api/admin/users/', ids.owner],
    ].find(([start]) => prefix.startsWith(start!))?.[1] ?? NO_SUCH_ID;
  return url
    .replace(/:id\b/, () => idFor(url))
    .replace(':userId', ids.owner!)
    .replace(':sessionId', NO_SUCH_ID)
    .replace(':bucket', 'product-images')
    .replace(':slug', 'trout')
    .replace(':fingerprint', 'no-such-error')
    .replace('*', 'no-such-file');
}

function allowed(outcome: Outcome, status: number): boolean {
  if (outcome === 'ok') return status !== 401 && status !== 403;
  if (outcome === 'denied') return status === 401 || status === 403 || status === 404;
  if (outcome === 'refused') return status >= 400 && status < 500;
  return status === outcome;
}

describe('the authorization matrix', () => {
  it('reads its policy rows for actors as the server sees them', async () => {
    const seen: Record<string, unknown> = {};
    const modelled: Record<string, unknown> = {};
    for (const name of Object.keys(POLICY_ACTORS) as SignedInActor[]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie: resources.callers[name]!.cookie },
      });
      const { user } = response.json() as {
        user: { status: string; is_admin: boolean; is_captain: boolean; permissions: string[] };
      };
      seen[name] = [user.status, user.is_admin, user.is_captain, [...user.permissions].sort()];
      const actor = POLICY_ACTORS[name];
      modelled[name] = [actor.status, actor.is_admin, actor.is_captain, [...actor.permissions].sort()];
    }
    expect(seen).toEqual(modelled);
  });

  it('has a row for every route the server answers, and no row for a route that is gone', () => {
    const routes = [
      ...new Set(t.app.routeTable.filter((route) => route.method !== 'HEAD').map(routeKey)),
    ].sort();
    expect(routes).toEqual(Object.keys(MATRIX).sort());
  });

  it('answers every route × actor as the matrix says, never with a 5xx', async () => {
    const routes = t.app.routeTable
      .filter((route) => route.method !== 'HEAD')
      .sort((a, b) => order(routeKey(a)) - order(routeKey(b)));
    const wrong: string[] = [];
    let requests = 0;
    for (const route of routes) {
      const row = MATRIX[routeKey(route)]!;
      for (const actor of CALL_ORDER) {
        const caller = resources.callers[actor];
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: urlOf(route.url),
          remoteAddress: uniqueIp(),
          headers: {
            ...(caller ? { cookie: caller.cookie } : {}),
            ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
          },
          ...(route.method === 'GET' ? {} : { payload: '{}' }),
        });
        requests += 1;
        if (response.statusCode >= 500 || !allowed(row[actor], response.statusCode)) {
          wrong.push(
            `${routeKey(route)} as ${actor}: expected ${row[actor]}, got ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(requests).toBe(routes.length * ACTORS.length);
    recordFigure(
      `authorization matrix (${testEngine()})`,
      `${routes.length} routes × ${ACTORS.length} actors = ${requests} requests, each answered as expected, no 5xx`,
    );
  }, 120_000);
});
