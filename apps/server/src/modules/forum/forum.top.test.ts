import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PostListDto } from '@castline/shared';
import { postLikes, posts } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildPost,
  buildUser,
  get,
  put as putAs,
  signedInMember,
  type Caller,
} from '../../../test/factories.js';

const t = useTestApp();
const DAY = 86_400_000;

async function list(query: string, caller: Caller = {}): Promise<PostListDto> {
  const response = await get(t.app, `/api/forum/posts?${query}`, caller);
  expect(response.statusCode, response.body).toBe(200);
  return PostListDto.parse(response.json());
}

/**
 * A published topic with `recent` likes given in the last week and `old` likes given 40 days ago,
 * from distinct members, its likes_count set from them; `minutesAgo` orders the topics by time.
 */
async function topicWithLikes(
  likers: string[],
  recent: number,
  old: number,
  minutesAgo: number,
  overrides: Parameters<typeof buildPost>[2] = {},
) {
  const author = await buildUser(t.database.db);
  const at = new Date(Date.now() - minutesAgo * 60_000);
  const topic = await buildPost(t.database.db, author.id, {
    category: 'Gear Talk',
    created_at: at,
    updated_at: at,
    last_activity_at: at,
    ...overrides,
  });
  const likes = [
    ...likers.slice(0, recent).map((user_id) => ({ user_id, created_at: new Date(Date.now() - 2 * DAY) })),
    ...likers
      .slice(recent, recent + old)
      .map((user_id) => ({ user_id, created_at: new Date(Date.now() - 40 * DAY) })),
  ];
  if (likes.length > 0) {
    await t.database.db.insert(postLikes).values(likes.map((like) => ({ ...like, post_id: topic.id })));
  }
  await t.database.db.update(posts).set({ likes_count: likes.length }).where(eq(posts.id, topic.id));
  return topic.id;
}

describe('Top of a period', () => {
  it("orders by the period's likes, then all likes and time; pinned topics are not lifted; a member's mutes leave it", async () => {
    const likers = await Promise.all(
      Array.from({ length: 8 }, async () => (await buildUser(t.database.db)).id),
    );
    // 4 likes this month, in a category the reader mutes.
    const mutedCategory = await topicWithLikes(likers, 4, 0, 10, { category: 'For Sale Questions' });
    const hot = await topicWithLikes(likers, 3, 0, 20);
    // 2 this month and 3 older ones: older likes count for "all" only.
    const warm = await topicWithLikes(likers, 2, 3, 30);
    // 2 this month, the same as warm, but fewer in all; the reader mutes this topic.
    const mutedTopic = await topicWithLikes(likers, 2, 0, 5);
    // Pinned, with one like this month: Top does not put pinned topics first.
    const pinned = await topicWithLikes(likers, 1, 0, 1, { pinned_at: new Date() });
    // Liked only 40 days ago: no likes in the month, after every topic liked in it.
    const oldFavourite = await topicWithLikes(likers, 0, 4, 40);
    // The most liked this month, but hidden by moderation.
    const hidden = await topicWithLikes(likers, 6, 0, 2, { status: 'hidden' });
    const mine = [mutedCategory, hot, warm, mutedTopic, pinned, oldFavourite, hidden];
    const order = (l: PostListDto) => l.items.map((item) => item.id).filter((id) => mine.includes(id));

    const month = [mutedCategory, hot, warm, mutedTopic, pinned, oldFavourite];
    const guestMonth = await list('sort=top&period=month&pageSize=50');
    expect(order(guestMonth)).toEqual(month);
    expect(guestMonth.items.filter((item) => mine.includes(item.id)).map((item) => item.pinned)).toEqual([
      false,
      false,
      false,
      false,
      true,
      false,
    ]);
    // "All" orders by every like: warm 5, then 4 each (the newer first), hot 3.
    expect(order(await list('sort=top&period=all&pageSize=50'))).toEqual([
      warm,
      mutedCategory,
      oldFavourite,
      hot,
      mutedTopic,
      pinned,
    ]);

    // Pages follow the same order, and the total counts every topic listed.
    const pages = [];
    for (let page = 1; (page - 1) * 2 < guestMonth.total; page += 1) {
      const paged = await list(`sort=top&period=month&pageSize=2&page=${page}`);
      expect(paged.total).toBe(guestMonth.total);
      pages.push(...paged.items.map((item) => item.id));
    }
    expect(pages).toEqual(guestMonth.items.map((item) => item.id));

    // A reader who mutes a category and a topic does not see them, unless they ask for the category.
    const reader = await signedInMember(t.app, t.database.db);
    const put = (url: string, payload: unknown) => putAs(t.app, url, payload, reader);
    expect(
      (await put('/api/forum/categories/watch', { category: 'For Sale Questions', level: 'muted' }))
        .statusCode,
    ).toBe(200);
    expect((await put(`/api/forum/posts/${mutedTopic}/watch`, { level: 'muted' })).statusCode).toBe(200);
    const readerMonth = await list('sort=top&period=month&pageSize=50', reader);
    expect(order(readerMonth)).toEqual([hot, warm, pinned, oldFavourite]);
    expect(readerMonth.total).toBe(guestMonth.total - 2);
    expect(
      order(await list('sort=top&period=month&pageSize=50&category=For%20Sale%20Questions', reader)),
    ).toEqual([mutedCategory]);
  });
});
