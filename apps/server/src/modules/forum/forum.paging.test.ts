import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CommentPageDto, FORUM_LIMITS, FORUM_MESSAGES as M, PostDto } from '@castline/shared';
import { postComments, posts } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildPost,
  buildUser,
  errorOf,
  get,
  post,
  signedInMember,
  type Caller,
} from '../../../test/factories.js';

const t = useTestApp();
const PAGE = FORUM_LIMITS.commentsPage;

/** A topic with `count` comments a second apart (oldest first), written straight to the table. */
async function topicWith(count: number, authorId: string, mention?: { at: number; username: string }) {
  const topic = await buildPost(t.database.db, authorId, { title: 'A long thread on wading boots' });
  const start = Date.now() - count * 1000 - 60_000;
  const rows = Array.from({ length: count }, (_, index) => ({
    post_id: topic.id,
    author_id: authorId,
    content:
      mention && mention.at === index
        ? `Ask @${mention.username} about felt soles.`
        : `Comment number ${index + 1}`,
    created_at: new Date(start + index * 1000),
    updated_at: new Date(start + index * 1000),
  }));
  const inserted = await t.database.db.insert(postComments).values(rows).returning({ id: postComments.id });
  await t.database.db
    .update(posts)
    .set({ comments_count: sql`${count}` })
    .where(eq(posts.id, topic.id));
  return { id: topic.id, commentIds: inserted.map((row) => row.id) };
}

async function topicPage(id: string, caller: Caller = {}): Promise<PostDto> {
  const response = await get(t.app, `/api/forum/posts/${id}`, caller);
  expect(response.statusCode, response.body).toBe(200);
  return PostDto.parse(response.json());
}

async function commentsAfter(id: string, after: string, caller: Caller = {}): Promise<CommentPageDto> {
  const response = await get(t.app, `/api/forum/posts/${id}/comments?after=${after}`, caller);
  expect(response.statusCode, response.body).toBe(200);
  return CommentPageDto.parse(response.json());
}

/** Every comment the caller can read, page after page, as the topic page loads them. */
async function readAll(id: string, caller: Caller = {}) {
  const first = await topicPage(id, caller);
  const contents = first.comments.map((c) => c.content);
  const sizes = [first.comments.length];
  const mentioned = [...first.mentioned_members];
  let next = first.comments_next;
  while (next) {
    const page = await commentsAfter(id, next, caller);
    contents.push(...page.items.map((c) => c.content));
    sizes.push(page.items.length);
    mentioned.push(...page.mentioned_members);
    next = page.next;
  }
  return { contents, sizes, mentioned };
}

describe("a topic's comments, a page at a time", () => {
  it('holds the first page and names where the next starts; the pages join without gaps or repeats', async () => {
    const author = await buildUser(t.database.db);
    const named = await buildUser(t.database.db);
    const count = 2 * PAGE + 30;
    const topic = await topicWith(count, author.id, { at: 2 * PAGE + 5, username: named.username });

    const first = await topicPage(topic.id);
    expect(first.comments).toHaveLength(PAGE);
    expect(first.comments_next).toBe(topic.commentIds[PAGE - 1]);
    expect(first.comments_count).toBe(count);

    const { contents, sizes, mentioned } = await readAll(topic.id);
    expect(sizes).toEqual([PAGE, PAGE, 30]);
    expect(contents).toEqual(
      Array.from({ length: count }, (_, index) =>
        index === 2 * PAGE + 5 ? `Ask @${named.username} about felt soles.` : `Comment number ${index + 1}`,
      ),
    );
    // A mention on a later page is linked by that page.
    expect(mentioned).toEqual([{ id: named.id, username: named.username }]);

    // A short topic holds all its comments.
    const short = await topicWith(3, author.id);
    expect((await topicPage(short.id)).comments_next).toBeNull();
  });

  it('pages what the viewer may see: hidden comments for their author and staff only', async () => {
    const author = await buildUser(t.database.db);
    const writer = await signedInMember(t.app, t.database.db);
    const moderator = await signedInMember(t.app, t.database.db, 'moderator');
    const topic = await topicWith(PAGE + 10, author.id);
    // The writer's own comment, hidden by moderation, late in the topic.
    const [own] = await t.database.db
      .insert(postComments)
      .values({ post_id: topic.id, author_id: writer.id, content: 'Mine, hidden.', status: 'hidden' })
      .returning({ id: postComments.id });
    const hiddenOther = topic.commentIds[PAGE + 2]!;
    await t.database.db
      .update(postComments)
      .set({ status: 'hidden' })
      .where(eq(postComments.id, hiddenOther));

    const guest = await readAll(topic.id);
    expect(guest.contents).toHaveLength(PAGE + 9);
    expect(guest.contents).not.toContain('Mine, hidden.');
    const mine = await readAll(topic.id, writer);
    expect(mine.contents.at(-1)).toBe('Mine, hidden.');
    expect(mine.contents).not.toContain(`Comment number ${PAGE + 3}`);
    const staff = await readAll(topic.id, moderator);
    expect(staff.contents).toHaveLength(PAGE + 11);
    expect(own).toBeDefined();
  });

  it('marks the comments a member bookmarked on every page, for that member alone', async () => {
    const author = await buildUser(t.database.db);
    const reader = await signedInMember(t.app, t.database.db);
    const other = await signedInMember(t.app, t.database.db);
    const topic = await topicWith(PAGE + 20, author.id);
    const early = topic.commentIds[3]!;
    const late = topic.commentIds[PAGE + 7]!;
    for (const id of [early, late]) {
      const kept = await post(t.app, `/api/forum/comments/${id}/bookmark`, undefined, reader);
      expect(kept.json()).toEqual({ bookmarked: true });
    }

    const bookmarkedOn = async (caller: Caller) => {
      const first = await topicPage(topic.id, caller);
      const second = await commentsAfter(topic.id, first.comments_next!, caller);
      return [...first.comments, ...second.items].filter((c) => c.bookmarked).map((c) => c.id);
    };
    expect(await bookmarkedOn(reader)).toEqual([early, late]);
    expect(await bookmarkedOn(other)).toEqual([]);
    expect(await bookmarkedOn({})).toEqual([]);
    // The topic itself is not bookmarked by keeping some of its comments.
    expect((await topicPage(topic.id, reader)).bookmarked).toBe(false);
  });

  it('refuses a cursor that is not one of the topic’s comments, and a topic the caller cannot see', async () => {
    const author = await buildUser(t.database.db);
    const topic = await topicWith(5, author.id);
    const other = await topicWith(2, author.id);

    const malformed = await get(t.app, `/api/forum/posts/${topic.id}/comments?after=nope`);
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).message).toBe(M.commentsPageGone);
    expect((await get(t.app, `/api/forum/posts/${topic.id}/comments`)).statusCode).toBe(400);

    const elsewhere = await get(t.app, `/api/forum/posts/${topic.id}/comments?after=${other.commentIds[0]}`);
    expect(elsewhere.statusCode).toBe(404);
    expect(errorOf(elsewhere).message).toBe(M.commentsPageGone);

    await t.database.db.update(posts).set({ status: 'hidden' }).where(eq(posts.id, topic.id));
    const hidden = await get(t.app, `/api/forum/posts/${topic.id}/comments?after=${topic.commentIds[0]}`);
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden).message).toBe(M.postNotFound);
    expect(
      (await get(t.app, `/api/forum/posts/not-a-topic/comments?after=${topic.commentIds[0]}`)).statusCode,
    ).toBe(404);
  });
});
