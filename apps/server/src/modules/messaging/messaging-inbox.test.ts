/**
 * Photos in messages, archive and mute per member, and search within one's messages (issue 23,
 * item 7), as a client sees them through the API.
 */
import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  ConversationDetailDto,
  ConversationListDto,
  ConversationStateDto,
  conversationIdFor,
  MESSAGE_PHOTOS_MAX,
  MESSAGING_EXTRA_MESSAGES as X,
  MESSAGING_MESSAGES as M,
  MessageDto,
  MessagePageDto,
  MessageSearchPageDto,
  NotificationListDto,
  UploadedImageDto,
} from '@castline/shared';
import {
  errorOf,
  get,
  guest,
  mailsTo,
  post,
  put,
  signedInMember,
  type Caller,
  type Member,
} from '../../../test/factories.js';
import { listen, openSocket } from '../../../test/realtime-client.js';
import { useTestApp } from '../../../test/test-app.js';
import { solidPng } from '../../platform/images/testing/image-fixtures.js';
import { uploadImage } from '../images/testing/upload-requests.js';

const t = useTestApp();
let base: string | undefined;
/** The app's address, listening once for the whole file. */
async function baseUrl(): Promise<string> {
  base ??= await listen(t.app);
  return base;
}

async function member(): Promise<Member> {
  return signedInMember(t.app, t.database.db);
}

function send(from: Caller, body: unknown) {
  return post(t.app, '/api/messages', body, from);
}

async function sent(from: Member, to: Member, body: Record<string, unknown>) {
  const response = await send(from, { recipient_id: to.id, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return MessageDto.parse(response.json());
}

/** A photo the member uploads to the message-images bucket through the upload pipeline. */
async function photoOf(owner: Member): Promise<string> {
  const response = await uploadImage(
    t.app,
    'message-images',
    { filename: 'catch.png', type: 'image/png', data: await solidPng(64, 48) },
    owner,
  );
  expect(response.statusCode, response.body).toBe(201);
  return UploadedImageDto.parse(response.json()).url;
}

function patch(caller: Caller, userId: string, body: unknown) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/conversations/${userId}`,
    payload: body as object,
    remoteAddress: caller.ip ?? '127.0.0.1',
    headers: caller.cookie ? { cookie: caller.cookie } : {},
  });
}

async function inbox(viewer: Member, archived?: boolean) {
  const query = archived === undefined ? '' : `?archived=${archived}`;
  const response = await get(t.app, `/api/conversations${query}`, viewer);
  expect(response.statusCode, response.body).toBe(200);
  return ConversationListDto.parse(response.json());
}

async function notificationsOf(viewer: Member) {
  return NotificationListDto.parse((await get(t.app, '/api/notifications', viewer)).json());
}

describe('photos in messages', () => {
  it('sends photos with text, or photos only, and shows them in the thread', async () => {
    const [a, b] = [await member(), await member()];
    const [first, second] = [await photoOf(a), await photoOf(a)];
    expect(first).toMatch(new RegExp(`^/files/message-images/${a.id}-`));

    const withText = await sent(a, b, { content: 'The catch of the day', images: [first] });
    expect(withText).toMatchObject({ content: 'The catch of the day', images: [first] });
    const photosOnly = await sent(a, b, { images: [first, second] });
    expect(photosOnly).toMatchObject({ content: '', images: [first, second] });

    const page = MessagePageDto.parse((await get(t.app, `/api/conversations/${a.id}/messages`, b)).json());
    expect(page.items.map((message) => message.images)).toEqual([[first, second], [first]]);
    // The stored photo and its variants are served by the upload pipeline.
    expect((await get(t.app, `${first}?w=200`, b)).statusCode).toBe(200);

    // The notification of a message of photos only says so.
    const [newest] = (await notificationsOf(b)).items;
    expect(newest).toMatchObject({ type: 'NEW_MESSAGE', message: `${a.username}: Sent 2 photos` });
    const [row] = (await inbox(b)).items;
    expect(row!.last_message).toMatchObject({ content: '', images: [first, second] });
  });

  it("refuses another member's upload, even one sent to the caller, with 403", async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const photo = await photoOf(a);
    await sent(a, b, { images: [photo] });
    for (const images of [[photo], [await photoOf(b), photo]]) {
      const response = await send(b, { recipient_id: c.id, images });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).message).toBe(X.photoNotYours);
    }
    const page = MessagePageDto.parse((await get(t.app, `/api/conversations/${b.id}/messages`, c)).json());
    expect(page.items).toHaveLength(0);
  });

  it('answers invalid photos, too many, and neither text nor photos with 400', async () => {
    const [a, b] = [await member(), await member()];
    const own = await photoOf(a);
    const cases: [unknown, string][] = [
      [{ recipient_id: b.id }, M.contentEmpty],
      [{ recipient_id: b.id, content: '  ', images: [] }, M.contentEmpty],
      [{ recipient_id: b.id, images: ['https://example.com/x.png'] }, X.photoInvalid],
      [{ recipient_id: b.id, images: [`/files/product-images/${a.id}-1-ab.webp`] }, X.photoInvalid],
      [{ recipient_id: b.id, content: 'Hi', images: 'photo' }, X.photoInvalid],
      [{ recipient_id: b.id, images: [own, own] }, X.photoInvalid],
      [
        { recipient_id: b.id, images: Array.from({ length: MESSAGE_PHOTOS_MAX + 1 }, () => own) },
        X.tooManyPhotos,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await send(a, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).message, JSON.stringify(body)).toBe(message);
    }
  });

  it('pushes a photo live to the other member', async () => {
    const [a, b] = [await member(), await member()];
    const url = await baseUrl();
    const socketB = await openSocket(url, b.cookie);
    const photo = await photoOf(a);
    const message = await sent(a, b, { images: [photo] });
    expect((await socketB.next('message.created')).message).toEqual(message);
    await socketB.close();
  });
});

describe('PATCH /api/conversations/:userId (archive and mute)', () => {
  it('asks a guest to sign in, and tells strangers and unknown members that nothing is there', async () => {
    const [a, b, stranger] = [await member(), await member(), await member()];
    await sent(a, b, { content: 'Hello' });
    const asGuest = await patch(guest(), b.id, { archived: true });
    expect(asGuest.statusCode).toBe(401);
    expect(errorOf(asGuest).message).toBe(AUTH_MESSAGES.notAuthenticated);
    // A conversation id the caller is not part of names nothing.
    const notTheirs = await patch(stranger, conversationIdFor(a.id, b.id), { archived: true });
    expect(notTheirs.statusCode).toBe(404);
    // No conversation yet with that member.
    const none = await patch(stranger, a.id, { muted: true });
    expect(none.statusCode).toBe(404);
    expect(errorOf(none).message).toBe(X.conversationNotFound);
    const bad = await patch(a, b.id, {});
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe(X.conversationChangeEmpty);
    const wrongType = await patch(a, b.id, { archived: 'yes' });
    expect(wrongType.statusCode).toBe(400);
  });

  it('moves a conversation to the archive for the caller only, and back on a new message', async () => {
    const [a, b] = [await member(), await member()];
    await sent(a, b, { content: 'Still have the rod?' });
    const archived = await patch(b, a.id, { archived: true });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(ConversationStateDto.parse(archived.json())).toEqual({
      id: conversationIdFor(a.id, b.id),
      archived: true,
      muted: false,
    });
    expect((await inbox(b, false)).items).toHaveLength(0);
    expect((await inbox(b, true)).items.map((row) => row.member.id)).toEqual([a.id]);
    expect((await inbox(b)).items[0]).toMatchObject({ archived: true, muted: false });
    // The other member's inbox is untouched.
    expect((await inbox(a, false)).items.map((row) => row.member.id)).toEqual([b.id]);
    const detail = ConversationDetailDto.parse((await get(t.app, `/api/conversations/${a.id}`, b)).json());
    expect(detail).toMatchObject({ archived: true, muted: false });

    // A new message from the other side brings it back.
    await sent(a, b, { content: 'Hello again' });
    expect((await inbox(b, true)).items).toHaveLength(0);
    expect((await inbox(b, false)).items[0]).toMatchObject({ archived: false, unread_count: 2 });

    // Undo: archived, then unarchived by hand.
    await patch(b, a.id, { archived: true });
    const back = await patch(b, a.id, { archived: false });
    expect(ConversationStateDto.parse(back.json()).archived).toBe(false);
    expect((await inbox(b, false)).items).toHaveLength(1);
  });

  it('mutes: no NEW_MESSAGE notification and no email, unread still counted; unmute undoes it', async () => {
    const [a, b] = [await member(), await member()];
    const asked = await put(
      t.app,
      '/api/settings/notifications',
      { email_on_message: true, email_on_offer: false },
      b,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    await sent(a, b, { content: 'First' });
    await post(t.app, `/api/conversations/${a.id}/read`, undefined, b);
    await t.app.emailsSettled();
    const mailsBefore = (await mailsTo(t.database.db, b.email)).length;
    expect(mailsBefore).toBe(1);
    const notificationsBefore = (await notificationsOf(b)).items.length;

    const muted = await patch(b, a.id, { muted: true });
    expect(ConversationStateDto.parse(muted.json())).toMatchObject({ muted: true, archived: false });
    await sent(a, b, { content: 'Are you there?' });
    await t.app.emailsSettled();
    expect((await notificationsOf(b)).items).toHaveLength(notificationsBefore);
    expect(await mailsTo(t.database.db, b.email)).toHaveLength(mailsBefore);
    const [row] = (await inbox(b)).items;
    expect(row).toMatchObject({ muted: true, unread_count: 1 });
    // Muting is the caller's own: the other side is still told of b's messages.
    await sent(b, a, { content: 'Yes' });
    expect((await notificationsOf(a)).items.some((n) => n.message.endsWith(': Yes'))).toBe(true);

    await patch(b, a.id, { muted: false });
    await post(t.app, `/api/conversations/${a.id}/read`, undefined, b);
    await sent(a, b, { content: 'Unmuted now' });
    await t.app.emailsSettled();
    const latest = (await notificationsOf(b)).items[0];
    expect(latest).toMatchObject({ type: 'NEW_MESSAGE', message: `${a.username}: Unmuted now` });
    expect((await mailsTo(t.database.db, b.email)).length).toBeGreaterThan(mailsBefore);
  });
});

describe('live unread counts', () => {
  it("pushes the recipient's new unread count for a message that writes no notification (muted)", async () => {
    const [a, b] = [await member(), await member()];
    await patch(b, a.id, { muted: true });
    const socket = await openSocket(await baseUrl(), b.cookie);
    await sent(a, b, { content: 'Quiet, but unread' });
    const pushed = await socket.next('unread.changed', (event) => event.unread.messages === 1);
    expect(pushed.unread.messages).toBe(1);
    await socket.close();
  });
});

describe('GET /api/messages/search', () => {
  it('asks a guest to sign in and validates the query', async () => {
    const a = await member();
    expect((await get(t.app, '/api/messages/search?q=reel', guest())).statusCode).toBe(401);
    const cases: [string, string][] = [
      ['', X.searchTooShort],
      ['?q=a', X.searchTooShort],
      [`?q=${'x'.repeat(101)}`, X.searchTooLong],
    ];
    for (const [query, message] of cases) {
      const response = await get(t.app, `/api/messages/search${query}`, a);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).message, query).toBe(message);
    }
    for (const query of ['?q=reel&pageSize=21', '?q=reel&page=0', '?q=reel&page=x']) {
      expect((await get(t.app, `/api/messages/search${query}`, a)).statusCode, query).toBe(400);
    }
  });

  it("finds text in the caller's own conversations only, newest first, 20 a page at most", async () => {
    const [a, b, c, stranger] = [await member(), await member(), await member(), await member()];
    const word = `spinnerbait${Date.now()}`;
    const first = await sent(a, b, { content: `Do you still have the ${word}?` });
    const second = await sent(c, a, { content: `${word.toUpperCase()} for sale, 50% off` });
    await sent(b, c, { content: `Another ${word} between others` });
    await sent(a, b, { content: 'Nothing to find here' });

    const response = await get(t.app, `/api/messages/search?q=${word}`, a);
    expect(response.statusCode, response.body).toBe(200);
    const found = MessageSearchPageDto.parse(response.json());
    expect(found).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(found.items.map((hit) => [hit.message.id, hit.member.id])).toEqual([
      [second.id, c.id],
      [first.id, b.id],
    ]);

    // Someone who takes part in none of them finds nothing; % and _ are searched as themselves.
    const none = MessageSearchPageDto.parse(
      (await get(t.app, `/api/messages/search?q=${word}`, stranger)).json(),
    );
    expect(none).toMatchObject({ items: [], total: 0 });
    const percent = MessageSearchPageDto.parse((await get(t.app, '/api/messages/search?q=50%25', a)).json());
    expect(percent.items.map((hit) => hit.message.id)).toContain(second.id);
    const underscore = MessageSearchPageDto.parse((await get(t.app, '/api/messages/search?q=__', a)).json());
    expect(underscore.total).toBe(0);

    // Paged.
    const paged = MessageSearchPageDto.parse(
      (await get(t.app, `/api/messages/search?q=${word}&pageSize=1&page=2`, a)).json(),
    );
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.items.map((hit) => hit.message.id)).toEqual([first.id]);
  });
});
