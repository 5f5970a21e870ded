import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  MODERATION_MESSAGES,
  ModerationQueueDto,
  ModerationRuleSavedDto,
  OrderReviewsDto,
  ProfileReviewFiguresDto,
  ProfileReviewsDto,
  REVIEW_MESSAGES as M,
  ReviewDto,
} from '@castline/shared';
import { moderationLogs, moderationQueue, orderReviews } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildListing,
  buildOrder,
  buildReview,
  errorOf,
  get,
  guest,
  post,
  signedInMember,
  type Caller,
  type Member,
} from '../../../test/factories.js';

/** Reviews join moderation: reports, staff review, rules on the body and on the reply. */

const t = useTestApp();
const DAY_MS = 24 * 60 * 60 * 1000;
const db = () => t.database.db;
const member = () => signedInMember(t.app, db());

async function completedOrder(seller: Member, buyer: Member) {
  const listing = await buildListing(db(), seller.id, { title: 'Penn Battle III', price: 90 });
  const received = new Date(Date.now() - DAY_MS);
  return buildOrder(db(), listing, buyer.id, {
    state: 'completed',
    received_at: received,
    completed_at: received,
  });
}

async function reviewed(orderId: string, caller: Member, body: string, rating = 2) {
  const response = await post(t.app, `/api/orders/${orderId}/review`, { rating, body }, caller);
  expect(response.statusCode, response.body).toBe(201);
  return OrderReviewsDto.parse(response.json());
}

async function reviewsSeenBy(orderId: string, caller: Member) {
  const response = await get(t.app, `/api/orders/${orderId}/reviews`, caller);
  expect(response.statusCode, response.body).toBe(200);
  return OrderReviewsDto.parse(response.json());
}

async function profileReviews(userId: string, caller: Caller = guest()) {
  const response = await get(t.app, `/api/profiles/${userId}/reviews?role=seller`, caller);
  expect(response.statusCode, response.body).toBe(200);
  return ProfileReviewsDto.parse(response.json());
}

function report(caller: Caller, reviewId: string, reason = 'offensive') {
  return post(t.app, '/api/reports', { entity_type: 'review', entity_id: reviewId, reason }, caller);
}

async function queue(staff: Member) {
  const response = await get(t.app, '/api/admin/moderation/queue?status=all&pageSize=50', staff);
  expect(response.statusCode, response.body).toBe(200);
  return ModerationQueueDto.parse(response.json());
}

async function reviewRow(id: string) {
  const [row] = await db().select().from(orderReviews).where(eq(orderReviews.id, id));
  return row!;
}

async function createRule(admin: Member, body: Record<string, unknown>) {
  const response = await post(t.app, '/api/admin/moderation/rules', body, admin);
  expect(response.statusCode, response.body).toBe(201);
  return ModerationRuleSavedDto.parse(response.json()).rule;
}

/** A sale both sides reviewed (visible): the buyer's review of the seller, with the seller's reply. */
async function reviewedSale(buyerBody = 'The reel arrived with a cracked spool.', reply?: string) {
  const [seller, buyer] = [await member(), await member()];
  const order = await completedOrder(seller, buyer);
  const first = await reviewed(order.id, buyer, buyerBody);
  await reviewed(order.id, seller, 'Paid at once, friendly buyer.', 5);
  const reviewId = first.mine!.id;
  if (reply) {
    const replied = await post(t.app, `/api/reviews/${reviewId}/reply`, { reply }, seller);
    expect(replied.statusCode, replied.body).toBe(200);
  }
  return { seller, buyer, order, reviewId };
}

describe('reporting a review', () => {
  it('files a report staff read in the queue with its words and a link to the reviewed member', async () => {
    const { seller, reviewId } = await reviewedSale(undefined, 'It left here in one piece.');
    const reader = await member();
    const response = await report(reader, reviewId);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ message: MODERATION_MESSAGES.reported });
    const again = await report(reader, reviewId);
    expect([again.statusCode, errorOf(again).message]).toEqual([409, MODERATION_MESSAGES.alreadyReported]);

    const moderator = await signedInMember(t.app, db(), 'moderator');
    const item = (await queue(moderator)).items.find((entry) => entry.entity_id === reviewId);
    expect(item).toMatchObject({
      entity_type: 'review',
      status: 'pending',
      priority: 'medium',
      reason: 'offensive',
      reporter: { id: reader.id },
      entity: {
        exists: true,
        title: 'Penn Battle III',
        status: 'active',
        href: `/profile/${seller.id}`,
      },
    });
    expect(item!.entity.excerpt).toBe(
      'The reel arrived with a cracked spool.\nReply: It left here in one piece.',
    );
  });

  it('refuses a guest, the review’s writer, a review still hidden and an unknown one', async () => {
    const { buyer, seller, reviewId } = await reviewedSale();
    expect((await report(guest(), reviewId)).statusCode).toBe(401);
    const own = await report(buyer, reviewId);
    expect([own.statusCode, errorOf(own).message]).toEqual([404, MODERATION_MESSAGES.reportTargetNotFound]);
    // The member reviewed may report it.
    expect((await report(seller, reviewId)).statusCode).toBe(201);

    const [a, b] = [await member(), await member()];
    const order = await completedOrder(a, b);
    const waiting = await buildReview(db(), order, b.id, { body: 'Not shown yet' });
    expect((await report(await member(), waiting.id)).statusCode).toBe(404);
    expect((await report(a, waiting.id)).statusCode).toBe(404);
    expect((await report(a, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('staff hide a review', () => {
  it('leaves it out of the profile and of the other side’s order page; its writer sees it marked hidden', async () => {
    const { seller, buyer, order, reviewId } = await reviewedSale(
      'Seller is a crook.',
      'We refunded the postage.',
    );
    const before = await profileReviews(seller.id);
    expect(before.items.map((item) => item.id)).toEqual([reviewId]);
    const figuresBefore = ProfileReviewFiguresDto.parse(
      (await get(t.app, `/api/profiles/${seller.id}/review-figures`, guest())).json(),
    );

    const reporter = await member();
    expect((await report(reporter, reviewId)).statusCode).toBe(201);
    const moderator = await signedInMember(t.app, db(), 'moderator');
    const item = (await queue(moderator)).items.find((entry) => entry.entity_id === reviewId)!;
    const hidden = await post(
      t.app,
      `/api/admin/moderation/queue/${item.id}/review`,
      { action: 'hide', notes: 'Name-calling' },
      moderator,
    );
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await reviewRow(reviewId)).toMatchObject({
      moderation_status: 'hidden',
      moderation_reason: 'Name-calling',
    });

    // Public: gone from the list; the rating still counts in the figures.
    const after = await profileReviews(seller.id);
    expect(after.items).toEqual([]);
    expect(after.total).toBe(0);
    expect(after.figures).toEqual(figuresBefore);
    expect(JSON.stringify(await profileReviews(seller.id, reporter))).not.toContain('crook');

    // The other side: no words, no reply, no reply form.
    const theirs = await reviewsSeenBy(order.id, seller);
    expect(theirs.theirs).toMatchObject({ id: reviewId, hidden: true, body: '', reply: null, rating: 2 });
    expect(theirs.can_reply).toBe(false);
    expect(JSON.stringify(theirs)).not.toContain('crook');

    // The writer: their words, marked hidden.
    const mine = await reviewsSeenBy(order.id, buyer);
    expect(mine.mine).toMatchObject({ id: reviewId, hidden: true, body: 'Seller is a crook.' });

    // Not reportable any more; the queue shows the outcome.
    expect((await report(await member(), reviewId)).statusCode).toBe(404);
    const closed = (await queue(moderator)).items.find((entry) => entry.id === item.id)!;
    expect(closed).toMatchObject({ status: 'hidden', entity: { status: 'hidden' } });
  });

  it('delete hides the review and keeps its rating; a reply to a hidden review is refused', async () => {
    const [seller, buyer] = [await member(), await member()];
    const order = await completedOrder(seller, buyer);
    const first = await reviewed(order.id, buyer, 'Rude and slow.');
    await reviewed(order.id, seller, 'Fine buyer.', 5);
    const reviewId = first.mine!.id;
    await report(await member(), reviewId, 'spam');
    const admin = await signedInMember(t.app, db(), 'admin');
    const item = (await queue(admin)).items.find((entry) => entry.entity_id === reviewId)!;
    const deleted = await post(
      t.app,
      `/api/admin/moderation/queue/${item.id}/review`,
      { action: 'delete' },
      admin,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await reviewRow(reviewId)).toMatchObject({ moderation_status: 'hidden', rating: 2 });

    const reply = await post(t.app, `/api/reviews/${reviewId}/reply`, { reply: 'Not true' }, seller);
    expect([reply.statusCode, errorOf(reply).message]).toEqual([409, M.hiddenByModeration]);
  });

  it('flag keeps the review public', async () => {
    const { seller, reviewId } = await reviewedSale('Slightly odd deal.');
    await report(await member(), reviewId, 'other');
    const admin = await signedInMember(t.app, db(), 'admin');
    const item = (await queue(admin)).items.find((entry) => entry.entity_id === reviewId)!;
    await post(t.app, `/api/admin/moderation/queue/${item.id}/review`, { action: 'flag' }, admin);
    expect((await reviewRow(reviewId)).moderation_status).toBe('flagged');
    const list = await profileReviews(seller.id);
    expect(list.items.map((review) => ReviewDto.parse(review))).toMatchObject([
      { id: reviewId, hidden: false, body: 'Slightly odd deal.' },
    ]);
  });
});

describe('rules read reviews', () => {
  it('queues a review whose body matches a word rule, hides one whose reply matches a hide rule', async () => {
    const admin = await signedInMember(t.app, db(), 'admin');
    const queueRule = await createRule(admin, {
      name: 'Review scam word',
      kind: 'word',
      pattern: 'swindler',
      action: 'queue',
      applies_to: ['review'],
    });
    const hideRule = await createRule(admin, {
      name: 'Reply insult',
      kind: 'phrase',
      pattern: 'utter clown',
      action: 'hide',
    });
    expect(hideRule.applies_to).toContain('review');

    // The body, checked when written (still hidden from the other side then).
    const { reviewId } = await reviewedSale('A real SWINDLER, avoid.');
    const [queued] = await db()
      .select()
      .from(moderationQueue)
      .where(and(eq(moderationQueue.entity_type, 'review'), eq(moderationQueue.entity_id, reviewId)));
    expect(queued).toMatchObject({
      status: 'pending',
      reporter_id: null,
      reason: 'Matched rule: Review scam word',
    });
    expect((await reviewRow(reviewId)).moderation_status).toBe('active');
    const logs = await db().select().from(moderationLogs).where(eq(moderationLogs.entity_id, reviewId));
    expect(logs).toMatchObject([{ rule_id: queueRule.id, entity_type: 'review', action: 'queue' }]);

    // The reply, checked when posted: the review and its reply are one item.
    const other = await reviewedSale('Good reel, slow post.', 'You are an utter clown.');
    expect(await reviewRow(other.reviewId)).toMatchObject({
      moderation_status: 'hidden',
      moderation_reason: 'Matched rule: Reply insult',
    });
    expect((await profileReviews(other.seller.id)).items).toEqual([]);
  });

  it('leaves reviews alone for rules that do not apply to them', async () => {
    const admin = await signedInMember(t.app, db(), 'admin');
    await createRule(admin, {
      name: 'Comments only',
      kind: 'word',
      pattern: 'bogus',
      action: 'hide',
      applies_to: ['forum_comment'],
    });
    const { reviewId } = await reviewedSale('Bogus description.');
    expect((await reviewRow(reviewId)).moderation_status).toBe('active');
  });
});
