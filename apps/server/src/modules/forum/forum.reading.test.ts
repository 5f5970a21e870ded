import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FORUM_MESSAGES as M, PostDto, PostListDto } from '@castline/shared';
import { auditLogs, postLikes, posts } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import { errorOf, get, post, signedInMember, type Caller, put as putAs } from '../../../test/factories.js';
import { writeComment, writePost } from './forum.test-helpers.js';

const t = useTestApp();
const member = () => signedInMember(t.app, t.database.db);

async function list(query: string, caller: Caller = {}): Promise<PostListDto> {
  const response = await get(t.app, `/api/forum/posts?${query}`, caller);
  expect(response.statusCode, response.body).toBe(200);
  return PostListDto.parse(response.json());
}

async function topic(postId: string, caller: Caller): Promise<PostDto> {
  const response = await get(t.app, `/api/forum/posts/${postId}`, caller);
  expect(response.statusCode).toBe(200);
  return PostDto.parse(response.json());
}

const put = (url: string, payload: unknown, caller: Caller) => putAs(t.app, url, payload, caller);

/** Moves a post's times into the past, so that orders by time are certain. */
async function age(postId: string, minutes: number) {
  const at = new Date(Date.now() - minutes * 60_000);
  await t.database.db.update(posts).set({ created_at: at, last_activity_at: at }).where(eq(posts.id, postId));
}

describe('reading state', () => {
  it('counts the comments a member has not read, and the count goes down as they read', async () => {
    const [author, reader, other] = await Promise.all([member(), member(), member()]);
    const category = 'How-To';
    const created = await writePost(t, author, { title: `Reading ${Date.now()}`, category });
    const mine = (l: PostListDto) => l.items.find((item) => item.id === created.id);

    // Never opened: new to the reader, no unread count; not new to its author.
    expect(mine(await list(`category=${encodeURIComponent(category)}`, reader))).toMatchObject({
      is_new: true,
      unread_count: null,
    });
    expect(mine(await list(`category=${encodeURIComponent(category)}`, author))).toMatchObject({
      is_new: false,
    });
    expect(mine(await list('view=new', reader))).toBeDefined();

    // The reader opens the topic (its post read), then three comments arrive.
    expect((await put(`/api/forum/posts/${created.id}/read`, {}, reader)).statusCode).toBe(204);
    const first = await writeComment(t, other, created.id, 'One');
    const second = await writeComment(t, other, created.id, 'Two');
    await writeComment(t, author, created.id, 'Three');
    const before = mine(await list('view=unread', reader));
    expect(before).toMatchObject({ is_new: false, unread_count: 3 });
    expect(mine(await list('view=new', reader))).toBeUndefined();

    // The topic page points at the first unread comment.
    expect((await topic(created.id, reader)).first_unread_comment_id).toBe(first.id);

    // Reading up to the second comment leaves one; a read position never moves back.
    expect(
      (await put(`/api/forum/posts/${created.id}/read`, { comment_id: second.id }, reader)).statusCode,
    ).toBe(204);
    expect(mine(await list('view=unread', reader))?.unread_count).toBe(1);
    expect(
      (await put(`/api/forum/posts/${created.id}/read`, { comment_id: first.id }, reader)).statusCode,
    ).toBe(204);
    expect(mine(await list('view=unread', reader))?.unread_count).toBe(1);

    // Writing a comment reads the topic up to it.
    await writeComment(t, reader, created.id, 'Caught up.');
    expect(mine(await list('view=unread', reader))).toBeUndefined();
    expect(mine(await list(`category=${encodeURIComponent(category)}`, reader))?.unread_count).toBe(0);
    expect((await topic(created.id, reader)).first_unread_comment_id).toBeNull();
  });

  it("totals a member's Unread list on every page, past its end too", async () => {
    const [author, reader, other] = await Promise.all([member(), member(), member()]);
    const opened = [];
    for (const title of ['Unread one', 'Unread two', 'Unread three', 'All read']) {
      const created = await writePost(t, author, { title });
      expect((await put(`/api/forum/posts/${created.id}/read`, {}, reader)).statusCode).toBe(204);
      opened.push(created);
    }
    for (const created of opened.slice(0, 3)) await writeComment(t, other, created.id, 'News on this.');

    const pages = await Promise.all(
      [1, 2, 3].map((page) => list(`view=unread&pageSize=2&page=${page}`, reader)),
    );
    expect(pages.map((page) => page.total)).toEqual([3, 3, 3]);
    expect(pages.map((page) => page.items.length)).toEqual([2, 1, 0]);
    expect(new Set(pages.flatMap((page) => page.items.map((item) => item.title)))).toEqual(
      new Set(['Unread one', 'Unread two', 'Unread three']),
    );
    // Someone with nothing unread has an empty list.
    const empty = await list('view=unread', other);
    expect(empty.total).toBe(0);
    expect(empty.items).toEqual([]);
  });

  it('refuses bad read positions and asks guests to sign in for their own views', async () => {
    const [author, reader] = await Promise.all([member(), member()]);
    const created = await writePost(t, author);
    const elsewhere = await writePost(t, reader, { title: 'Another' });
    const foreign = await writeComment(t, author, elsewhere.id, 'Elsewhere');

    const wrongPost = await put(`/api/forum/posts/${created.id}/read`, { comment_id: foreign.id }, reader);
    expect(wrongPost.statusCode).toBe(404);
    expect(errorOf(wrongPost).message).toBe(M.commentNotFound);
    for (const payload of [{ comment_id: 'x' }, { comment_id: 4 }, { extra: true }]) {
      expect((await put(`/api/forum/posts/${created.id}/read`, payload, reader)).statusCode).toBe(400);
    }
    expect((await put(`/api/forum/posts/${created.id}/read`, {}, {})).statusCode).toBe(401);

    const guest = await get(t.app, '/api/forum/posts?view=unread');
    expect(guest.statusCode).toBe(401);
    expect(errorOf(guest).message).toBe(M.signInForYourViews);
    expect((await get(t.app, '/api/forum/posts?sort=oldest')).statusCode).toBe(400);
    expect((await get(t.app, '/api/forum/posts?sort=top&period=decade')).statusCode).toBe(400);
  });
});

describe('sorting', () => {
  it('sorts by newest, by last activity, and by likes within a period', async () => {
    const [author, fan] = await Promise.all([member(), member()]);
    const category = 'Fishing Reports';
    const q = `category=${encodeURIComponent(category)}&pageSize=50`;
    const old = await writePost(t, author, { title: 'Old but lively', category });
    const fresh = await writePost(t, author, { title: 'Fresh and quiet', category });
    await age(old.id, 60 * 24 * 40);
    await age(fresh.id, 60);
    await writeComment(t, fan, old.id, 'Still fishing this spot.');

    const order = (l: PostListDto) =>
      l.items.map((item) => item.id).filter((id) => [old.id, fresh.id].includes(id));
    expect(order(await list(q))).toEqual([fresh.id, old.id]);
    expect(order(await list(`${q}&sort=latest`))).toEqual([old.id, fresh.id]);

    // Old has more likes in all, but Fresh has the only like this week.
    await t.database.db.insert(postLikes).values([
      { post_id: old.id, user_id: author.id, created_at: new Date(Date.now() - 35 * 86_400_000) },
      { post_id: old.id, user_id: fan.id, created_at: new Date(Date.now() - 35 * 86_400_000) },
      { post_id: fresh.id, user_id: fan.id },
    ]);
    await t.database.db.update(posts).set({ likes_count: 2 }).where(eq(posts.id, old.id));
    await t.database.db.update(posts).set({ likes_count: 1 }).where(eq(posts.id, fresh.id));
    expect(order(await list(`${q}&sort=top&period=week`))).toEqual([fresh.id, old.id]);
    expect(order(await list(`${q}&sort=top&period=all`))).toEqual([old.id, fresh.id]);
  });
});

describe('pinning and locking', () => {
  it('lets forum staff pin a topic to the top of its category and lock it against comments', async () => {
    const [author, commenter] = await Promise.all([member(), member()]);
    const admin = await signedInMember(t.app, t.database.db, 'moderator');
    const category = 'General';
    const q = `category=${encodeURIComponent(category)}&pageSize=50`;
    const rules = await writePost(t, author, { title: 'House rules', category });
    await age(rules.id, 60 * 24 * 400);
    await writePost(t, author, { title: 'Newer topic', category });

    // Members may not.
    const refused = await post(t.app, `/api/forum/posts/${rules.id}/pin`, { pinned: 'yes' }, author);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(M.pinOrLockForbidden);
    expect(
      (await post(t.app, `/api/forum/posts/${rules.id}/lock`, { locked: true }, author)).statusCode,
    ).toBe(403);
    expect((await post(t.app, `/api/forum/posts/${rules.id}/pin`, { pinned: 'yes' }, admin)).statusCode).toBe(
      400,
    );

    const pinned = await post(t.app, `/api/forum/posts/${rules.id}/pin`, { pinned: true }, admin);
    expect(pinned.statusCode).toBe(200);
    expect(PostDto.parse(pinned.json())).toMatchObject({ pinned: true, can_moderate: true });
    expect((await list(q)).items[0]).toMatchObject({ id: rules.id, pinned: true });

    const locked = await post(t.app, `/api/forum/posts/${rules.id}/lock`, { locked: true }, admin);
    expect(PostDto.parse(locked.json())).toMatchObject({ locked: true });
    const comment = await post(
      t.app,
      `/api/forum/posts/${rules.id}/comments`,
      { content: 'Hello?' },
      commenter,
    );
    expect(comment.statusCode).toBe(403);
    expect(errorOf(comment).message).toBe(M.topicLocked);
    expect((await topic(rules.id, commenter)).comments).toHaveLength(0);

    await post(t.app, `/api/forum/posts/${rules.id}/lock`, { locked: false }, admin);
    await post(t.app, `/api/forum/posts/${rules.id}/pin`, { pinned: false }, admin);
    expect((await list(q)).items[0]?.id).not.toBe(rules.id);
    await writeComment(t, commenter, rules.id, 'Open again.');

    const audits = await t.database.db.select().from(auditLogs).where(eq(auditLogs.entity_id, rules.id));
    expect(audits.map((a) => a.action).sort()).toEqual(
      ['forum.post.lock', 'forum.post.pin', 'forum.post.unlock', 'forum.post.unpin'].sort(),
    );
  });
});
