import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FORUM_LIMITS, FORUM_MESSAGES as M, ReplyDraftDto, TopicDraftDto } from '@castline/shared';
import { forumDrafts, postComments, posts } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import { del, errorOf, get, post, put, signedInMember, type Caller } from '../../../test/factories.js';
import { postBody, writeComment, writePost } from './forum.test-helpers.js';
import { forumRateKey } from './forum.service.js';

const t = useTestApp();
const member = () => signedInMember(t.app, t.database.db);

async function topicDraftOf(caller: Caller): Promise<TopicDraftDto['draft']> {
  const response = await get(t.app, '/api/forum/drafts/new-topic', caller);
  expect(response.statusCode).toBe(200);
  return TopicDraftDto.parse(response.json()).draft;
}

async function replyDraftOf(postId: string, caller: Caller): Promise<ReplyDraftDto['draft']> {
  const response = await get(t.app, `/api/forum/posts/${postId}/draft`, caller);
  expect(response.statusCode).toBe(200);
  return ReplyDraftDto.parse(response.json()).draft;
}

describe('forum drafts', () => {
  it('keeps a new topic on the server for its member alone, and publishing it discards the draft', async () => {
    const [writer, other] = await Promise.all([member(), member()]);
    expect(await topicDraftOf(writer)).toBeNull();

    // Unfinished is fine: no title or category yet.
    const first = await put(
      t.app,
      '/api/forum/drafts/new-topic',
      { content: 'Half a catch report…' },
      writer,
    );
    expect(first.statusCode).toBe(200);
    expect(TopicDraftDto.parse(first.json()).draft).toMatchObject({
      title: '',
      category: '',
      content: 'Half a catch report…',
      images: [],
    });
    // The newest save wins; another member sees none of it (another device of the writer does).
    await put(
      t.app,
      '/api/forum/drafts/new-topic',
      {
        title: 'Steelhead on the Clearwater',
        category: 'Fishing Reports',
        content: 'Swung flies all day.',
        tags: ['fly', 'steelhead', 'fly'],
      },
      writer,
    );
    expect(await topicDraftOf(writer)).toMatchObject({
      title: 'Steelhead on the Clearwater',
      category: 'Fishing Reports',
      content: 'Swung flies all day.',
      tags: ['steelhead', 'fly'],
    });
    expect(await topicDraftOf(other)).toBeNull();
    const rows = await t.database.db.select().from(forumDrafts).where(eq(forumDrafts.user_id, writer.id));
    expect(rows).toHaveLength(1);

    await t.rateLimiter.reset(forumRateKey('post', writer.id));
    const published = await post(
      t.app,
      '/api/forum/posts',
      postBody({ title: 'Steelhead on the Clearwater', category: 'Fishing Reports' }),
      writer,
    );
    expect(published.statusCode).toBe(201);
    expect(await topicDraftOf(writer)).toBeNull();
  });

  it('keeps one reply draft per topic with the comment it answers; posting the reply discards it', async () => {
    const [author, writer] = await Promise.all([member(), member()]);
    const first = await writePost(t, author, { title: 'Best knot for braid to leader?' });
    const second = await writePost(t, author, { title: 'Wading boots that last' });
    const answered = await writeComment(t, author, first.id, 'I use an FG knot.');

    const saved = await put(
      t.app,
      `/api/forum/posts/${first.id}/draft`,
      { content: 'The FG is strong, but', reply_to_id: answered.id },
      writer,
    );
    expect(saved.statusCode).toBe(200);
    await put(t.app, `/api/forum/posts/${second.id}/draft`, { content: 'Felt soles wear out' }, writer);
    expect(await replyDraftOf(first.id, writer)).toMatchObject({
      content: 'The FG is strong, but',
      reply_to_id: answered.id,
    });
    expect(await replyDraftOf(second.id, writer)).toMatchObject({
      content: 'Felt soles wear out',
      reply_to_id: null,
    });
    expect(await replyDraftOf(first.id, author)).toBeNull();

    await writeComment(t, writer, first.id, 'The FG is strong, but a double uni is quicker.', {
      reply_to_id: answered.id,
    });
    expect(await replyDraftOf(first.id, writer)).toBeNull();
    // Only that topic's draft went.
    expect(await replyDraftOf(second.id, writer)).toMatchObject({ content: 'Felt soles wear out' });

    // Saving an empty box, or discarding, leaves no draft.
    await put(t.app, `/api/forum/posts/${second.id}/draft`, { content: '  ' }, writer);
    expect(await replyDraftOf(second.id, writer)).toBeNull();
    await put(t.app, `/api/forum/posts/${second.id}/draft`, { content: 'Again' }, writer);
    expect((await del(t.app, `/api/forum/posts/${second.id}/draft`, writer)).statusCode).toBe(204);
    expect(await replyDraftOf(second.id, writer)).toBeNull();
    await put(t.app, '/api/forum/drafts/new-topic', { title: 'x' }, writer);
    expect((await del(t.app, '/api/forum/drafts/new-topic', writer)).statusCode).toBe(204);
    expect(await topicDraftOf(writer)).toBeNull();

    // A deleted topic takes its drafts with it.
    await put(t.app, `/api/forum/posts/${second.id}/draft`, { content: 'Again' }, writer);
    await t.database.db.delete(posts).where(eq(posts.id, second.id));
    expect(await t.database.db.select().from(forumDrafts).where(eq(forumDrafts.post_id, second.id))).toEqual(
      [],
    );
  });

  it('refuses guests, bad fields, unknown or hidden places and locked topics, and writes nothing', async () => {
    const [author, writer] = await Promise.all([member(), member()]);
    const moderator = await signedInMember(t.app, t.database.db, 'moderator');
    const topic = await writePost(t, author);
    const elsewhere = await writePost(t, author);
    const otherTopicComment = await writeComment(t, author, elsewhere.id, 'Elsewhere.');
    const hiddenComment = await writeComment(t, author, topic.id, 'Soon hidden.');
    await t.database.db
      .update(postComments)
      .set({ status: 'hidden' })
      .where(eq(postComments.id, hiddenComment.id));

    expect((await get(t.app, '/api/forum/drafts/new-topic')).statusCode).toBe(401);
    expect((await put(t.app, '/api/forum/drafts/new-topic', { content: 'x' })).statusCode).toBe(401);
    expect((await put(t.app, `/api/forum/posts/${topic.id}/draft`, { content: 'x' })).statusCode).toBe(401);

    const refusals: Array<[string, unknown, number, string]> = [
      [
        '/api/forum/drafts/new-topic',
        { content: 'x'.repeat(FORUM_LIMITS.contentMax + 1) },
        400,
        M.contentTooLong,
      ],
      ['/api/forum/drafts/new-topic', { title: 'x'.repeat(FORUM_LIMITS.titleMax + 1) }, 400, M.titleTooLong],
      ['/api/forum/drafts/new-topic', { category: 'Bait Shop Gossip' }, 400, M.categoryInvalid],
      ['/api/forum/drafts/new-topic', { images: ['https://example.com/a.jpg'] }, 400, M.imageUrlInvalid],
      ['/api/forum/drafts/new-topic', { content: 'x', author_id: author.id }, 400, ''],
      ['/api/forum/drafts/new-topic', { tags: ['walrus'] }, 400, ''],
      [
        `/api/forum/posts/${topic.id}/draft`,
        { content: 'x'.repeat(FORUM_LIMITS.commentMax + 1) },
        400,
        M.commentTooLong,
      ],
      [`/api/forum/posts/${topic.id}/draft`, { content: 'x', reply_to_id: 'nope' }, 400, M.draftReplyGone],
      [
        `/api/forum/posts/${topic.id}/draft`,
        { content: 'x', reply_to_id: otherTopicComment.id },
        404,
        M.draftReplyGone,
      ],
      [
        `/api/forum/posts/${topic.id}/draft`,
        { content: 'x', reply_to_id: hiddenComment.id },
        404,
        M.draftReplyGone,
      ],
      ['/api/forum/posts/not-a-topic/draft', { content: 'x' }, 404, M.postNotFound],
      ['/api/forum/posts/00000000-0000-4000-8000-000000000000/draft', { content: 'x' }, 404, M.postNotFound],
    ];
    for (const [url, body, status, message] of refusals) {
      const response = await put(t.app, url, body, writer);
      expect(response.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(status);
      if (message) expect(errorOf(response).message).toBe(message);
    }

    // A locked topic takes no reply drafts from members (its staff may still write).
    await post(t.app, `/api/forum/posts/${topic.id}/lock`, { locked: true }, moderator);
    const locked = await put(t.app, `/api/forum/posts/${topic.id}/draft`, { content: 'x' }, writer);
    expect(locked.statusCode).toBe(403);
    expect(errorOf(locked).message).toBe(M.topicLocked);
    expect(
      (await put(t.app, `/api/forum/posts/${topic.id}/draft`, { content: 'Locking this.' }, moderator))
        .statusCode,
    ).toBe(200);

    // A hidden topic is not there for others.
    await t.database.db.update(posts).set({ status: 'hidden' }).where(eq(posts.id, elsewhere.id));
    expect((await get(t.app, `/api/forum/posts/${elsewhere.id}/draft`, writer)).statusCode).toBe(404);

    expect(await t.database.db.select().from(forumDrafts).where(eq(forumDrafts.user_id, writer.id))).toEqual(
      [],
    );
  });
});
