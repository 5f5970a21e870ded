import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  activeNotificationCategories,
  NOTIFICATION_PREFERENCE_MESSAGES as P,
  NotificationListDto,
  NotificationPreferencesDto,
  UnreadCountsDto,
} from '@castline/shared';
import { jobs, notificationDigestItems, notifications } from '../../db/schema/index.js';
import {
  buildListing,
  buildNotification,
  buildPost,
  errorOf,
  get,
  mailsTo,
  post,
  put,
  signedInMember,
  type Caller,
  type Member,
} from '../../../test/factories.js';
import { useTestApp } from '../../../test/test-app.js';

const t = useTestApp();
const DAY_MS = 24 * 60 * 60_000;

async function member(): Promise<Member> {
  return signedInMember(t.app, t.database.db);
}

function patch(url: string, payload: unknown, caller: Caller) {
  return t.app.inject({
    method: 'PATCH',
    url,
    payload: payload as object,
    remoteAddress: caller.ip ?? '127.0.0.1',
    headers: caller.cookie ? { cookie: caller.cookie } : {},
  });
}

async function prefer(caller: Member, body: unknown) {
  const response = await patch('/api/settings/notification-preferences', body, caller);
  expect(response.statusCode, response.body).toBe(200);
  return NotificationPreferencesDto.parse(response.json());
}

async function notificationsOf(viewer: Member) {
  const response = await get(t.app, '/api/notifications', viewer);
  expect(response.statusCode, response.body).toBe(200);
  return NotificationListDto.parse(response.json());
}

async function sendMessage(from: Member, to: Member, content: string) {
  const response = await post(t.app, '/api/messages', { recipient_id: to.id, content }, from);
  expect(response.statusCode, response.body).toBe(201);
}

async function makeOffer(buyer: Member, listingId: string, amount: number) {
  const response = await post(t.app, `/api/listings/${listingId}/offers`, { amount }, buyer);
  expect(response.statusCode, response.body).toBe(201);
}

/** After this, every digest job due by the next 07:00 UTC has run. */
async function runDigests(): Promise<void> {
  await t.app.jobs.runDue(new Date(Date.now() + DAY_MS + 60_000));
}

describe('notification preferences', () => {
  it('reads the defaults, saves a change that survives a read, and refuses bad input with 400', async () => {
    const me = await member();
    const initial = await get(t.app, '/api/settings/notification-preferences', me);
    expect(initial.statusCode, initial.body).toBe(200);
    const dto = NotificationPreferencesDto.parse(initial.json());
    expect(dto.email_delivery).toBe('each');
    expect(dto.categories.map((c) => c.category)).toEqual(activeNotificationCategories());
    // Every category some type belongs to is offered (watched topics with WATCHED_TOPIC).
    expect(dto.categories.map((c) => c.category)).toContain('watched_topics');
    expect(dto.categories.every((c) => c.in_app)).toBe(true);
    expect(dto.categories.filter((c) => c.email).map((c) => c.category)).toEqual(['orders']);

    const saved = await prefer(me, {
      categories: [
        { category: 'replies', in_app: false },
        { category: 'mentions', email: true },
      ],
      email_delivery: 'daily',
    });
    const again = NotificationPreferencesDto.parse(
      (await get(t.app, '/api/settings/notification-preferences', me)).json(),
    );
    expect(again).toEqual(saved);
    expect(again.email_delivery).toBe('daily');
    expect(again.categories.find((c) => c.category === 'replies')).toEqual({
      category: 'replies',
      in_app: false,
      email: false,
    });
    expect(again.categories.find((c) => c.category === 'mentions')).toEqual({
      category: 'mentions',
      in_app: true,
      email: true,
    });

    for (const bad of [
      {},
      { categories: [] },
      { categories: [{ category: 'nonsense', email: true }] },
      { categories: [{ category: 'messages', email: 'yes' }] },
      { categories: [{ category: 'messages', sms: true }] },
      { categories: [{ category: 'messages' }, { category: 'messages' }] },
      { email_delivery: 'weekly' },
      { categories: 'messages' },
    ]) {
      const response = await patch('/api/settings/notification-preferences', bad, me);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect([P.invalid, P.nothingToChange]).toContain(errorOf(response).message);
    }
    expect((await get(t.app, '/api/settings/notification-preferences', {})).statusCode).toBe(401);
  });

  it('keeps the old email settings working on the same choices', async () => {
    const me = await member();
    await put(
      t.app,
      '/api/settings/notifications',
      { email_on_message: true, email_on_offer: true, email_on_order: false },
      me,
    );
    const dto = NotificationPreferencesDto.parse(
      (await get(t.app, '/api/settings/notification-preferences', me)).json(),
    );
    const email = Object.fromEntries(dto.categories.map((c) => [c.category, c.email]));
    expect(email).toMatchObject({ messages: true, offers: true, orders: false });
    await prefer(me, { categories: [{ category: 'offers', email: false }] });
    expect((await get(t.app, '/api/settings/notifications', me)).json()).toEqual({
      email_on_message: true,
      email_on_offer: false,
      email_on_order: false,
    });
  });

  it('writes no notification of a kind turned off in the app, and emails it when email is on', async () => {
    const [sender, quiet] = [await member(), await member()];
    await prefer(quiet, { categories: [{ category: 'messages', in_app: false, email: true }] });
    await sendMessage(sender, quiet, 'Is the rod still for sale?');
    await t.app.emailsSettled();

    const list = await notificationsOf(quiet);
    expect(list.items.filter((n) => n.type === 'NEW_MESSAGE')).toEqual([]);
    expect(list.unread_count).toBe(0);
    const mails = await mailsTo(t.database.db, quiet.email);
    expect(mails.map((m) => m.subject)).toEqual([`New message from ${sender.username} on Castline`]);

    // Sync writes none of them either.
    const synced = await post(t.app, '/api/notifications/sync', undefined, quiet);
    expect(synced.json()).toEqual({ created: 0 });
  });

  it('sends no email of a kind turned off by email, and still shows it in the app', async () => {
    const [buyer, seller] = [await member(), await member()];
    await prefer(seller, { categories: [{ category: 'offers', email: false }] });
    const listing = await buildListing(t.database.db, seller.id, { title: 'Daiwa BG 4000', price: 120 });
    await makeOffer(buyer, listing.id, 100);
    await t.app.emailsSettled();
    expect(await mailsTo(t.database.db, seller.email)).toHaveLength(0);
    expect((await notificationsOf(seller)).items.map((n) => n.type)).toContain('OFFER_RECEIVED');
  });

  it('emails a kind that had no email before once its email is on (a sale, in listing news)', async () => {
    const [seller, buyer] = [await member(), await member()];
    await prefer(seller, { categories: [{ category: 'orders', email: false }] });
    await prefer(buyer, { categories: [{ category: 'listing_news', email: true }] });
    const listing = await buildListing(t.database.db, seller.id, { title: 'Abu Garcia Revo', price: 90 });
    const sold = await post(t.app, `/api/listings/${listing.id}/mark-sold`, { buyer_id: buyer.id }, seller);
    expect(sold.statusCode, sold.body).toBe(200);
    await t.app.emailsSettled();
    const mails = await mailsTo(t.database.db, buyer.email);
    expect(mails.some((m) => m.text_body.includes(`/marketplace/${listing.id}`))).toBe(true);
  });
});

describe('the daily digest', () => {
  it('gathers the day into one mail, sends it once, and sends nothing to a member with nothing', async () => {
    const [sender, buyer, keen, idle] = [await member(), await member(), await member(), await member()];
    await prefer(keen, {
      categories: [
        { category: 'messages', email: true },
        { category: 'offers', email: true },
      ],
      email_delivery: 'daily',
    });
    await prefer(idle, { email_delivery: 'daily', categories: [{ category: 'messages', email: true }] });
    const listing = await buildListing(t.database.db, keen.id, { title: 'St. Croix Mojo Bass', price: 180 });

    await sendMessage(sender, keen, 'First question');
    await sendMessage(sender, keen, 'Second question');
    await makeOffer(buyer, listing.id, 150);
    await t.app.emailsSettled();
    // Nothing goes out one at a time; the items wait with one job for the member.
    expect(await mailsTo(t.database.db, keen.email)).toHaveLength(0);
    const kept = await t.database.db
      .select()
      .from(notificationDigestItems)
      .where(eq(notificationDigestItems.user_id, keen.id));
    expect(kept).toHaveLength(3);
    const queued = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'notifications.digest'), eq(jobs.key, keen.id)));
    expect(queued).toHaveLength(1);
    // The in-app notifications are there as always.
    expect((await notificationsOf(keen)).items).toHaveLength(3);

    // Not before its hour.
    await t.app.jobs.runDue(new Date(Date.now() - 60_000));
    await runDigests();
    const mails = await mailsTo(t.database.db, keen.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Castline digest: 3 notifications');
    expect(mails[0]!.text_body).toContain(`2 new messages from ${sender.username}`);
    expect(mails[0]!.text_body).toContain(`${buyer.username} offered $150.00`);
    expect(mails[0]!.html_body).not.toContain('<script');

    // Run again: nothing left, nothing sent twice.
    await runDigests();
    expect(await mailsTo(t.database.db, keen.email)).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(notificationDigestItems)
        .where(eq(notificationDigestItems.user_id, keen.id)),
    ).toHaveLength(0);
    // A member on the digest with nothing to tell gets no mail.
    expect(await mailsTo(t.database.db, idle.email)).toHaveLength(0);
  });
});

describe('grouped notifications', () => {
  it("names a forum post's title and marks a whole group read at once, all or none", async () => {
    const [me, other] = [await member(), await member()];
    const author = await member();
    const topic = await buildPost(t.database.db, author.id, { title: 'Best knots for braid' });
    const replies = [];
    for (let i = 0; i < 3; i += 1) {
      replies.push(
        await buildNotification(t.database.db, me.id, {
          type: 'REPLY',
          title: 'New reply',
          message: `${author.username} replied to your comment`,
          data: { postId: topic.id, senderId: author.id, senderName: author.username },
        }),
      );
    }
    const list = await notificationsOf(me);
    expect(list.unread_count).toBe(3);
    for (const item of list.items) expect(item.data.postTitle).toBe('Best knots for braid');

    const theirs = await buildNotification(t.database.db, other.id, { type: 'REPLY' });
    const refused = await post(t.app, '/api/notifications/read', { ids: [replies[0]!.id, theirs.id] }, me);
    expect(refused.statusCode).toBe(404);
    expect((await notificationsOf(me)).unread_count).toBe(3);

    const read = await post(t.app, '/api/notifications/read', { ids: replies.map((r) => r.id) }, me);
    expect(read.statusCode, read.body).toBe(200);
    expect(UnreadCountsDto.parse(read.json()).notifications).toBe(0);
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.user_id, me.id));
    expect(rows.every((row) => row.read)).toBe(true);

    for (const bad of [{}, { ids: [] }, { ids: ['not-a-uuid'] }, { ids: 'x' }]) {
      expect((await post(t.app, '/api/notifications/read', bad, me)).statusCode).toBe(400);
    }
    expect((await post(t.app, '/api/notifications/read', { ids: [replies[0]!.id] }, {})).statusCode).toBe(
      401,
    );
  });
});

describe('API description', () => {
  it('documents the notification preference and group-read routes with tags and summaries', async () => {
    const response = await get(t.app, '/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = (
      response.json() as { paths: Record<string, Record<string, { tags?: string[]; summary?: string }>> }
    ).paths;
    for (const [path, method, tag] of [
      ['/api/settings/notification-preferences', 'get', 'settings'],
      ['/api/settings/notification-preferences', 'patch', 'settings'],
      ['/api/notifications/read', 'post', 'notifications'],
    ] as const) {
      const operation = paths[path]?.[method];
      expect(operation?.tags, `${method} ${path}`).toEqual([tag]);
      expect(operation?.summary, `${method} ${path}`).toBeTruthy();
    }
  });
});
