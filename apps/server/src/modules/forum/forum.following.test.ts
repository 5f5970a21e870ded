import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  FORUM_MESSAGES as M,
  ForumBookmarkListDto,
  ForumWatchesDto,
  PostDto,
  PostListDto,
} from '@castline/shared';
import { notifications, postComments } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import { errorOf, get, post, signedInMember, type Caller, put as putAs } from '../../../test/factories.js';
import { writeComment, writePost } from './forum.test-helpers.js';

const t = useTestApp();
const member = () => signedInMember(t.app, t.database.db);

const put = (url: string, payload: unknown, caller: Caller) => putAs(t.app, url, payload, caller);

async function bookmarksOf(caller: Caller): Promise<ForumBookmarkListDto> {
  const response = await get(t.app, '/api/me/bookmarks', caller);
  expect(response.statusCode).toBe(200);
  return ForumBookmarkListDto.parse(response.json());
}

async function listIds(query: string, caller: Caller): Promise<string[]> {
  const response = await get(t.app, `/api/forum/posts?pageSize=50&${query}`, caller);
  expect(response.statusCode).toBe(200);
  return PostListDto.parse(response.json()).items.map((item) => item.id);
}

async function watchedNoticesOf(userId: string) {
  return t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.type, 'WATCHED_TOPIC')));
}

describe('bookmarks', () => {
  it('keeps topics and comments on the member’s Bookmarks, newest first, and toggles them off', async () => {
    const [author, reader] = await Promise.all([member(), member()]);
    const created = await writePost(t, author, { title: 'Knot strength tests' });
    const comment = await writeComment(t, author, created.id, 'The **Palomar** held at 98%.');

    expect((await post(t.app, `/api/forum/posts/${created.id}/bookmark`, undefined, reader)).json()).toEqual({
      bookmarked: true,
    });
    expect(
      (await post(t.app, `/api/forum/comments/${comment.id}/bookmark`, undefined, reader)).json(),
    ).toEqual({
      bookmarked: true,
    });
    const kept = await bookmarksOf(reader);
    expect(kept.total).toBe(2);
    expect(kept.items.map((b) => [b.post.title, b.comment?.excerpt ?? null])).toEqual(
      expect.arrayContaining([
        ['Knot strength tests', null],
        ['Knot strength tests', 'The Palomar held at 98%.'],
      ]),
    );
    const shown = PostDto.parse((await get(t.app, `/api/forum/posts/${created.id}`, reader)).json());
    expect(shown.bookmarked).toBe(true);
    expect(shown.comments[0]?.bookmarked).toBe(true);
    // Someone else's bookmarks are their own.
    expect((await bookmarksOf(author)).total).toBe(0);

    // A hidden comment leaves the list; toggling again takes the topic's bookmark away.
    await t.database.db.update(postComments).set({ status: 'hidden' }).where(eq(postComments.id, comment.id));
    expect((await bookmarksOf(reader)).items.map((b) => b.comment)).toEqual([null]);
    expect((await post(t.app, `/api/forum/posts/${created.id}/bookmark`, undefined, reader)).json()).toEqual({
      bookmarked: false,
    });
    expect((await bookmarksOf(reader)).total).toBe(0);
  });

  it('refuses guests, unknown posts and comments, and hidden comments of others', async () => {
    const [author, reader] = await Promise.all([member(), member()]);
    const created = await writePost(t, author);
    const hidden = await writeComment(t, author, created.id, 'Soon hidden.');
    await t.database.db.update(postComments).set({ status: 'hidden' }).where(eq(postComments.id, hidden.id));

    expect((await post(t.app, `/api/forum/posts/${created.id}/bookmark`)).statusCode).toBe(401);
    expect((await get(t.app, '/api/me/bookmarks')).statusCode).toBe(401);
    const unknown = await post(
      t.app,
      '/api/forum/comments/00000000-0000-4000-8000-000000000000/bookmark',
      undefined,
      reader,
    );
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(M.commentNotFound);
    expect(
      (await post(t.app, `/api/forum/comments/${hidden.id}/bookmark`, undefined, reader)).statusCode,
    ).toBe(404);
    expect((await post(t.app, '/api/forum/posts/nope/bookmark', undefined, reader)).statusCode).toBe(404);
    expect((await get(t.app, '/api/me/bookmarks?page=0', reader)).statusCode).toBe(400);
  });
});

describe('watching and muting', () => {
  it('tells watchers of a topic or its category of every new comment, but not a topic they muted', async () => {
    const [author, topicWatcher, categoryWatcher, mutedHere, commenter] = await Promise.all([
      member(),
      member(),
      member(),
      member(),
      member(),
    ]);
    const created = await writePost(t, author, { title: 'Ice fishing shelters', category: 'How-To' });
    expect(
      (await put(`/api/forum/posts/${created.id}/watch`, { level: 'watching' }, topicWatcher)).json(),
    ).toEqual({
      level: 'watching',
    });
    for (const watcher of [categoryWatcher, mutedHere]) {
      const response = await put(
        '/api/forum/categories/watch',
        { category: 'How-To', level: 'watching' },
        watcher,
      );
      expect(response.statusCode).toBe(200);
    }
    await put(`/api/forum/posts/${created.id}/watch`, { level: 'muted' }, mutedHere);

    const comment = await writeComment(t, commenter, created.id, 'A flip-over is warmest.');
    for (const watcher of [topicWatcher, categoryWatcher]) {
      expect(await watchedNoticesOf(watcher.id)).toEqual([
        expect.objectContaining({
          title: M.watchedTitle,
          message: M.watchedComment(commenter.username, 'Ice fishing shelters'),
          data: expect.objectContaining({ postId: created.id, commentId: comment.id }),
        }),
      ]);
    }
    expect(await watchedNoticesOf(mutedHere.id)).toEqual([]);
    // A watcher's own comment tells them nothing; back to normal, nothing more.
    await writeComment(t, topicWatcher, created.id, 'Noted.');
    await put(`/api/forum/posts/${created.id}/watch`, { level: 'normal' }, topicWatcher);
    await writeComment(t, commenter, created.id, 'And a heater.');
    expect(await watchedNoticesOf(topicWatcher.id)).toHaveLength(1);
    expect(await watchedNoticesOf(categoryWatcher.id)).toHaveLength(3);

    const watches = ForumWatchesDto.parse(
      (await get(t.app, '/api/me/forum-watches', categoryWatcher)).json(),
    );
    expect(watches.categories).toEqual([{ category: 'How-To', level: 'watching' }]);
    expect(
      PostDto.parse((await get(t.app, `/api/forum/posts/${created.id}`, mutedHere)).json()).watch_level,
    ).toBe('muted');
  });

  it('leaves muted topics and categories out of the lists, but not out of the muted category itself', async () => {
    const [author, reader] = await Promise.all([member(), member()]);
    const quiet = await writePost(t, author, { title: 'Muted topic', category: 'General' });
    const sale = await writePost(t, author, { title: 'In a muted category', category: 'For Sale Questions' });
    await put(`/api/forum/posts/${quiet.id}/watch`, { level: 'muted' }, reader);
    await put('/api/forum/categories/watch', { category: 'For Sale Questions', level: 'muted' }, reader);

    const everything = await listIds('', reader);
    expect(everything).not.toContain(quiet.id);
    expect(everything).not.toContain(sale.id);
    expect(await listIds('sort=latest', author)).toEqual(expect.arrayContaining([quiet.id, sale.id]));
    expect(await listIds(`category=${encodeURIComponent('For Sale Questions')}`, reader)).toContain(sale.id);
    expect(await listIds(`author_id=${author.id}`, reader)).toEqual(
      expect.arrayContaining([quiet.id, sale.id]),
    );
  });

  it('refuses levels, categories and bodies it does not know', async () => {
    const [author] = await Promise.all([member()]);
    const created = await writePost(t, author);
    for (const payload of [{ level: 'loud' }, {}, { level: 'watching', extra: 1 }]) {
      expect((await put(`/api/forum/posts/${created.id}/watch`, payload, author)).statusCode).toBe(400);
    }
    const badCategory = await put(
      '/api/forum/categories/watch',
      { category: 'Rumours', level: 'muted' },
      author,
    );
    expect(badCategory.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(badCategory))).toContain(M.categoryInvalid);
    expect(
      (await put('/api/forum/categories/watch', { category: 'General', level: 'muted' }, {})).statusCode,
    ).toBe(401);
  });
});
