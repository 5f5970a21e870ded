import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  MODERATION_MESSAGES as M,
  ModerationLogListDto,
  ModerationQueueDto,
  NotificationListDto,
  PendingListingsDto,
  PostListDto,
  ROLE_PERMISSIONS,
} from '@castline/shared';
import {
  auditLogs,
  messages,
  moderationLogs,
  moderationQueue,
  postComments,
  posts,
  products,
} from '../../db/schema/index.js';
import {
  buildComment,
  buildListing,
  buildMessage,
  buildPost,
  buildUser,
  errorOf,
  get,
  guest,
  post,
  signedInMember,
  type Member,
} from '../../../test/factories.js';
import { useTestApp } from '../../../test/test-app.js';

const t = useTestApp();

function report(member: Member, body: Record<string, unknown>) {
  return post(t.app, '/api/reports', body, member);
}

function review(staff: Member, id: string, body: Record<string, unknown>) {
  return post(t.app, `/api/admin/moderation/queue/${id}/review`, body, staff);
}

async function queueItemFor(entityId: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: moderationQueue.id })
    .from(moderationQueue)
    .where(eq(moderationQueue.entity_id, entityId));
  if (!row) throw new Error('no queue item');
  return row.id;
}

describe('reports and the moderation queue', () => {
  it('a reported post reviewed as hidden disappears for guests and from the list, with logs and audit', async () => {
    const author = await buildUser(t.database.db);
    const reporter = await signedInMember(t.app, t.database.db);
    const moderator = await signedInMember(t.app, t.database.db, 'moderator');
    const written = await buildPost(t.database.db, author.id, {
      title: 'Cheap reels, DM me on another site',
    });

    const reported = await report(reporter, {
      entity_type: 'forum_post',
      entity_id: written.id,
      reason: 'scam',
      note: 'Asks people to pay off-site',
    });
    expect(reported.statusCode).toBe(201);
    expect(reported.json()).toEqual({ message: M.reported });

    const again = await report(reporter, {
      entity_type: 'forum_post',
      entity_id: written.id,
      reason: 'spam',
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(M.alreadyReported);

    const queue = ModerationQueueDto.parse(
      (await get(t.app, '/api/admin/moderation/queue?status=pending&priority=high', moderator)).json(),
    );
    const item = queue.items.find((entry) => entry.entity_id === written.id);
    expect(item).toMatchObject({
      entity_type: 'forum_post',
      status: 'pending',
      priority: 'high',
      reason: 'scam: Asks people to pay off-site',
      reporter: { id: reporter.id, username: reporter.username },
      entity: {
        exists: true,
        title: 'Cheap reels, DM me on another site',
        author: { id: author.id },
        href: `/forum/post/${written.id}`,
      },
    });

    const lowOnly = ModerationQueueDto.parse(
      (await get(t.app, '/api/admin/moderation/queue?priority=low', moderator)).json(),
    );
    expect(lowOnly.items.some((entry) => entry.entity_id === written.id)).toBe(false);

    const reviewed = await review(moderator, item!.id, { action: 'hide', notes: 'Off-site payment scam' });
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.json()).toEqual({ message: M.contentModerated });

    expect((await get(t.app, `/api/forum/posts/${written.id}`, guest())).statusCode).toBe(404);
    const list = PostListDto.parse((await get(t.app, '/api/forum/posts?pageSize=50', guest())).json());
    expect(list.items.some((entry) => entry.id === written.id)).toBe(false);

    const [stored] = await t.database.db.select().from(posts).where(eq(posts.id, written.id));
    expect(stored).toMatchObject({ status: 'hidden', moderation_reason: 'Off-site payment scam' });

    const all = ModerationQueueDto.parse(
      (await get(t.app, '/api/admin/moderation/queue?status=all&pageSize=50', moderator)).json(),
    );
    expect(all.items.find((entry) => entry.id === item!.id)).toMatchObject({
      status: 'hidden',
      notes: 'Off-site payment scam',
      reviewed_by: { id: moderator.id },
    });
    expect(all.items.find((entry) => entry.id === item!.id)?.reviewed_at).toEqual(expect.any(String));
    const pending = ModerationQueueDto.parse(
      (await get(t.app, '/api/admin/moderation/queue', moderator)).json(),
    );
    expect(pending.items.some((entry) => entry.id === item!.id)).toBe(false);

    const logs = ModerationLogListDto.parse(
      (await get(t.app, '/api/admin/moderation/logs', moderator)).json(),
    );
    expect(logs.items.find((entry) => entry.entity_id === written.id)).toMatchObject({
      action: 'hide',
      moderator: { id: moderator.id },
      rule: null,
    });
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity_id, written.id), eq(auditLogs.action, 'moderation.review')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: moderator.id, severity: 'medium' });

    // After a review the member may report it again (the earlier report is closed).
    const reportable = await report(reporter, {
      entity_type: 'forum_post',
      entity_id: written.id,
      reason: 'spam',
    });
    expect(reportable.statusCode).toBe(404);
  });

  it('delete removes a listing and a comment, flag flags a message, approve leaves content alone', async () => {
    const seller = await buildUser(t.database.db);
    const reporter = await signedInMember(t.app, t.database.db);
    const admin = await signedInMember(t.app, t.database.db, 'admin');
    const listing = await buildListing(t.database.db, seller.id, { title: 'Suspicious reel' });

    await report(reporter, { entity_type: 'product', entity_id: listing.id, reason: 'prohibited' });
    expect((await review(admin, await queueItemFor(listing.id), { action: 'delete' })).statusCode).toBe(200);
    const [gone] = await t.database.db.select().from(products).where(eq(products.id, listing.id));
    expect(gone?.deleted).toBe(true);
    expect((await get(t.app, `/api/listings/${listing.id}`, guest())).statusCode).toBe(404);

    const written = await buildPost(t.database.db, seller.id);
    const comment = await buildComment(t.database.db, written.id, seller.id, {
      content: 'Buy followers at example dot com',
    });
    await report(reporter, { entity_type: 'forum_comment', entity_id: comment.id, reason: 'spam' });
    expect((await review(admin, await queueItemFor(comment.id), { action: 'delete' })).statusCode).toBe(200);
    expect(
      await t.database.db.select().from(postComments).where(eq(postComments.id, comment.id)),
    ).toHaveLength(0);
    const [parent] = await t.database.db.select().from(posts).where(eq(posts.id, written.id));
    expect(parent?.comments_count).toBe(0);

    const { id: messageId } = await buildMessage(t.database.db, seller.id, reporter.id, {
      content: 'You will regret that',
    });
    // Only the recipient may report a message.
    const outsider = await signedInMember(t.app, t.database.db);
    const notTheirs = await report(outsider, {
      entity_type: 'message',
      entity_id: messageId,
      reason: 'offensive',
    });
    expect(notTheirs.statusCode).toBe(404);
    expect(errorOf(notTheirs).message).toBe(M.reportTargetNotFound);
    await report(reporter, { entity_type: 'message', entity_id: messageId, reason: 'offensive' });
    expect((await review(admin, await queueItemFor(messageId), { action: 'flag' })).statusCode).toBe(200);
    const [flagged] = await t.database.db.select().from(messages).where(eq(messages.id, messageId));
    expect(flagged?.moderation_status).toBe('flagged');

    const other = await buildPost(t.database.db, seller.id, { title: 'A fine post' });
    await report(reporter, { entity_type: 'forum_post', entity_id: other.id, reason: 'other' });
    const itemId = await queueItemFor(other.id);
    expect((await review(admin, itemId, { action: 'approve' })).statusCode).toBe(200);
    expect((await get(t.app, `/api/forum/posts/${other.id}`, guest())).statusCode).toBe(200);
    const [closed] = await t.database.db.select().from(moderationQueue).where(eq(moderationQueue.id, itemId));
    expect(closed).toMatchObject({ status: 'approved', reviewed_by: admin.id, priority: 'low' });
  });

  it('three open reports make an item urgent and one review closes them all', async () => {
    const author = await buildUser(t.database.db);
    const moderator = await signedInMember(t.app, t.database.db, 'moderator');
    const written = await buildPost(t.database.db, author.id);
    for (const reason of ['spam', 'other', 'offensive']) {
      const reporter = await signedInMember(t.app, t.database.db);
      expect(
        (await report(reporter, { entity_type: 'forum_post', entity_id: written.id, reason })).statusCode,
      ).toBe(201);
    }
    const open = await t.database.db
      .select()
      .from(moderationQueue)
      .where(eq(moderationQueue.entity_id, written.id));
    expect(open.map((row) => row.priority)).toEqual(['urgent', 'urgent', 'urgent']);
    expect((await review(moderator, open[0]!.id, { action: 'flag' })).statusCode).toBe(200);
    const after = await t.database.db
      .select()
      .from(moderationQueue)
      .where(eq(moderationQueue.entity_id, written.id));
    expect(after.every((row) => row.status === 'flagged' && row.reviewed_by === moderator.id)).toBe(true);
  });

  it('answers the spec texts for unknown items and bad input', async () => {
    const member = await signedInMember(t.app, t.database.db);
    const moderator = await signedInMember(t.app, t.database.db, 'moderator');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const missing = await review(moderator, id, { action: 'hide' });
      expect(missing.statusCode).toBe(404);
      expect(errorOf(missing).message).toBe(M.queueItemNotFound);
    }
    const badAction = await review(moderator, '00000000-0000-4000-8000-000000000000', { action: 'burn' });
    expect(badAction.statusCode).toBe(400);

    const unknown = await report(member, {
      entity_type: 'product',
      entity_id: '00000000-0000-4000-8000-000000000000',
      reason: 'spam',
    });
    expect(unknown.statusCode).toBe(404);
    const badReason = await report(member, {
      entity_type: 'product',
      entity_id: member.id,
      reason: 'boring',
    });
    expect(badReason.statusCode).toBe(400);
    const longNote = await report(member, {
      entity_type: 'user',
      entity_id: moderator.id,
      reason: 'other',
      note: 'x'.repeat(501),
    });
    expect(longNote.statusCode).toBe(400);
    expect(errorOf(longNote).message).toBe(M.noteTooLong);
    expect(
      (await report(member, { entity_type: 'user', entity_id: member.id, reason: 'spam' })).statusCode,
    ).toBe(404);
    const guestReport = await post(
      t.app,
      '/api/reports',
      { entity_type: 'user', entity_id: member.id, reason: 'spam' },
      guest(),
    );
    expect(guestReport.statusCode).toBe(401);
  });
});

describe('listing approval', () => {
  it('approves and rejects pending listings and notifies the seller either way', async () => {
    const seller = await signedInMember(t.app, t.database.db);
    const moderator = await signedInMember(t.app, t.database.db, 'moderator');
    const first = await buildListing(t.database.db, seller.id, {
      moderation_status: 'pending',
      title: 'Penn reel',
    });
    const second = await buildListing(t.database.db, seller.id, {
      moderation_status: 'pending',
      title: 'Odd lure',
    });

    const pending = PendingListingsDto.parse(
      (await get(t.app, '/api/admin/moderation/listings?pageSize=50', moderator)).json(),
    );
    expect(pending.items.find((item) => item.id === first.id)).toMatchObject({
      title: 'Penn reel',
      price: '25.00',
      seller: { id: seller.id, username: seller.username },
    });

    const approved = await post(
      t.app,
      `/api/admin/moderation/listings/${first.id}/approve`,
      undefined,
      moderator,
    );
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ message: M.listingApproved });
    const noReason = await post(t.app, `/api/admin/moderation/listings/${second.id}/reject`, {}, moderator);
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).message).toBe(M.rejectReasonRequired);
    const rejected = await post(
      t.app,
      `/api/admin/moderation/listings/${second.id}/reject`,
      { reason: 'Photos do not show the item' },
      moderator,
    );
    expect(rejected.statusCode).toBe(200);
    const twice = await post(
      t.app,
      `/api/admin/moderation/listings/${first.id}/approve`,
      undefined,
      moderator,
    );
    expect(twice.statusCode).toBe(409);

    const rows = await t.database.db.select().from(products).where(eq(products.seller_id, seller.id));
    expect(rows.find((row) => row.id === first.id)?.moderation_status).toBe('active');
    expect(rows.find((row) => row.id === second.id)).toMatchObject({
      moderation_status: 'hidden',
      moderation_reason: 'Photos do not show the item',
    });
    expect((await get(t.app, `/api/listings/${second.id}`, guest())).statusCode).toBe(404);

    const inbox = NotificationListDto.parse((await get(t.app, '/api/notifications', seller)).json());
    const reviews = inbox.items.filter((item) => item.type === 'LISTING_REVIEWED');
    expect(reviews.map((item) => item.message).sort()).toEqual([
      'Your listing Odd lure was not approved: Photos do not show the item',
      'Your listing Penn reel was approved and is now live',
    ]);
    expect(reviews[0]?.data.productId).toEqual(expect.any(String));
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.user_id, moderator.id));
    expect(audit.map((row) => row.action).sort()).toEqual(['listing.approve', 'listing.reject']);
    const logs = await t.database.db
      .select()
      .from(moderationLogs)
      .where(eq(moderationLogs.moderator_id, moderator.id));
    expect(logs).toHaveLength(2);
  });
});

describe('who may moderate', () => {
  const paths: [string, string, unknown?][] = [
    ['GET', '/api/admin/moderation/queue'],
    ['POST', '/api/admin/moderation/queue/00000000-0000-4000-8000-000000000000/review', { action: 'hide' }],
    ['GET', '/api/admin/moderation/listings'],
    ['POST', '/api/admin/moderation/listings/00000000-0000-4000-8000-000000000000/approve'],
    ['POST', '/api/admin/moderation/listings/00000000-0000-4000-8000-000000000000/reject', { reason: 'x' }],
    ['GET', '/api/admin/moderation/logs'],
    ['GET', '/api/admin/moderation/rules'],
    ['POST', '/api/admin/moderation/rules', { name: 'x', kind: 'word', pattern: 'x', action: 'flag' }],
    ['PATCH', '/api/admin/moderation/rules/00000000-0000-4000-8000-000000000000', { is_active: false }],
    ['DELETE', '/api/admin/moderation/rules/00000000-0000-4000-8000-000000000000'],
  ];

  function call(method: string, url: string, payload: unknown, caller: { cookie?: string; ip?: string }) {
    return t.app.inject({
      method: method as 'GET',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      remoteAddress: caller.ip ?? '127.0.0.1',
      headers: caller.cookie ? { cookie: caller.cookie } : {},
    });
  }

  it('guests get 401, members 403, and support and moderators only what their role grants', async () => {
    const member = await signedInMember(t.app, t.database.db);
    const support = await signedInMember(t.app, t.database.db, 'support');
    const moderator = await signedInMember(t.app, t.database.db, 'moderator');
    const admin = await signedInMember(t.app, t.database.db, 'admin');
    for (const [method, url, payload] of paths) {
      const rules = url.includes('/rules');
      const needed = rules ? 'moderation.rules' : 'content.moderate';
      expect((await call(method, url, payload, guest())).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, payload, member)).statusCode, `${method} ${url}`).toBe(403);
      for (const [role, caller] of [
        ['support', support],
        ['moderator', moderator],
      ] as const) {
        const granted = (ROLE_PERMISSIONS[role] as readonly string[]).includes(needed);
        const status = (await call(method, url, payload, caller)).statusCode;
        if (granted) expect(status, `${role} ${method} ${url}`).not.toBe(403);
        else expect(status, `${role} ${method} ${url}`).toBe(403);
      }
      expect((await call(method, url, payload, admin)).statusCode, `admin ${method} ${url}`).not.toBe(403);
    }
  });
});
