import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FORUM_MESSAGES as M, PostDto, notificationHref, quoteMarkdown } from '@castline/shared';
import { notifications, postComments, profiles } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import { del, errorOf, get, post, signedInMember } from '../../../test/factories.js';
import { forumRateKey } from './forum.service.js';
import { writeComment, writePost } from './forum.test-helpers.js';

const t = useTestApp();
const member = () => signedInMember(t.app, t.database.db);

/** The forum notifications a member holds (replies, quotes and mentions), oldest first. */
async function forumNoticesOf(userId: string) {
  const rows = await t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), inArray(notifications.type, ['REPLY', 'QUOTE', 'MENTION'])))
    .orderBy(notifications.created_at);
  return rows.map((row) => ({
    type: row.type,
    title: row.title,
    message: row.message,
    data: row.data as { postId?: string; commentId?: string; senderId?: string },
  }));
}

async function topic(postId: string, viewer: { cookie: string; ip: string }): Promise<PostDto> {
  const response = await get(t.app, `/api/forum/posts/${postId}`, viewer);
  expect(response.statusCode).toBe(200);
  return PostDto.parse(response.json());
}

describe('replies', () => {
  it('hangs a reply under its thread, one level deep, and tells whom it answers', async () => {
    const [author, first, second, third] = await Promise.all([member(), member(), member(), member()]);
    const created = await writePost(t, author, { title: 'Drop-shot leaders' });

    const top = await writeComment(t, first, created.id, 'Six feet of fluoro, always.');
    expect(top).toMatchObject({ reply_to: null, thread_id: null });
    const reply = await writeComment(t, second, created.id, 'Why not four?', { reply_to_id: top.id });
    expect(reply).toMatchObject({
      reply_to: { id: top.id, author_username: first.username },
      thread_id: top.id,
    });
    // A reply to a reply stays under the same top-level comment, saying whom it answers.
    const deeper = await writeComment(t, third, created.id, 'Depends on the cover.', {
      reply_to_id: reply.id,
    });
    expect(deeper).toMatchObject({
      reply_to: { id: reply.id, author_username: second.username },
      thread_id: top.id,
    });

    const shown = await topic(created.id, third);
    expect(shown.comments.map((c) => [c.id, c.thread_id, c.reply_to?.author_username ?? null])).toEqual([
      [top.id, null, null],
      [reply.id, top.id, first.username],
      [deeper.id, top.id, second.username],
    ]);

    // The post's author hears of the comment on their post; each comment's author of its reply.
    expect(await forumNoticesOf(author.id)).toEqual([
      {
        type: 'REPLY',
        title: M.replyTitle,
        message: M.replyToPost(first.username, 'Drop-shot leaders'),
        data: expect.objectContaining({ postId: created.id, commentId: top.id, senderId: first.id }),
      },
    ]);
    const toFirst = await forumNoticesOf(first.id);
    expect(toFirst).toEqual([
      expect.objectContaining({
        type: 'REPLY',
        message: M.replyToComment(second.username, 'Drop-shot leaders'),
        data: expect.objectContaining({ commentId: reply.id }),
      }),
    ]);
    // The notification opens the topic at the reply itself.
    expect(
      notificationHref({ type: 'REPLY', message: toFirst[0]!.message, data: toFirst[0]!.data }, first.id),
    ).toBe(`/forum/post/${created.id}#comment-${reply.id}`);
    expect(await forumNoticesOf(second.id)).toEqual([
      expect.objectContaining({ type: 'REPLY', data: expect.objectContaining({ commentId: deeper.id }) }),
    ]);
  });

  it('does not tell members of their own words, nor members who blocked the writer', async () => {
    const [author, blocker] = await Promise.all([member(), member()]);
    const created = await writePost(t, author);
    const own = await writeComment(t, author, created.id, 'Adding a photo of the rig later.');
    await writeComment(t, author, created.id, 'Here it is.', { reply_to_id: own.id });
    expect(await forumNoticesOf(author.id)).toEqual([]);

    const theirs = await writeComment(t, blocker, created.id, 'Nice rig.');
    await t.database.db
      .update(profiles)
      .set({ blocked_users: [author.id] })
      .where(eq(profiles.id, blocker.id));
    await writeComment(t, author, created.id, 'Thanks!', { reply_to_id: theirs.id });
    expect(await forumNoticesOf(blocker.id)).toEqual([]);
  });

  it("refuses a reply to a comment that is not the post's, is hidden, or is malformed", async () => {
    const [author, other] = await Promise.all([member(), member()]);
    const created = await writePost(t, author);
    const elsewhere = await writePost(t, other, { title: 'Another topic' });
    const foreign = await writeComment(t, other, elsewhere.id, 'A comment elsewhere.');
    const hidden = await writeComment(t, other, created.id, 'Soon hidden.');
    await t.database.db.update(postComments).set({ status: 'hidden' }).where(eq(postComments.id, hidden.id));

    const attempt = async (replyToId: unknown) => {
      await t.rateLimiter.reset(forumRateKey('comment', author.id));
      return post(
        t.app,
        `/api/forum/posts/${created.id}/comments`,
        { content: 'Reply', reply_to_id: replyToId },
        author,
      );
    };
    for (const target of [foreign.id, hidden.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await attempt(target);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe(M.replyTargetGone);
    }
    for (const malformed of ['not-a-comment', 42, { id: hidden.id }]) {
      const response = await attempt(malformed);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(M.replyTargetGone);
    }
    // Nothing was written by the refused replies.
    expect((await topic(created.id, author)).comments.map((c) => c.id)).toEqual([]);
    expect((await topic(created.id, other)).comments.map((c) => c.id)).toEqual([hidden.id]);
  });

  it('keeps replies when the comment they answer is deleted, as comments on the topic', async () => {
    const [author, first, second] = await Promise.all([member(), member(), member()]);
    const created = await writePost(t, author);
    const top = await writeComment(t, first, created.id, 'Soon gone.');
    const reply = await writeComment(t, second, created.id, 'Still here.', { reply_to_id: top.id });
    expect((await del(t.app, `/api/forum/comments/${top.id}`, first)).statusCode).toBe(200);
    const shown = await topic(created.id, second);
    expect(shown.comments).toEqual([
      expect.objectContaining({ id: reply.id, reply_to: null, thread_id: null }),
    ]);
  });
});

describe('quotes', () => {
  it("tells the quoted comment's and post's authors, each member once whatever else the comment does", async () => {
    const [author, first, second, quoter] = await Promise.all([member(), member(), member(), member()]);
    const created = await writePost(t, author, { title: 'Best knot for braid to leader' });
    const fg = await writeComment(t, first, created.id, 'The FG knot is the slimmest.');
    const alberto = await writeComment(t, second, created.id, 'An Alberto is easier on the boat.');
    const otherTopic = await writePost(t, second, { title: 'Elsewhere' });
    const foreign = await writeComment(t, second, otherTopic.id, 'Not in this topic.');
    // Clear what the comments above told the post's author.
    await t.database.db.delete(notifications).where(eq(notifications.user_id, author.id));

    const content = [
      quoteMarkdown(first.username, { kind: 'comment', commentId: fg.id }, 'The FG knot is the slimmest.'),
      quoteMarkdown(author.username, { kind: 'post' }, 'Best knot for braid'),
      quoteMarkdown(second.username, { kind: 'comment', commentId: foreign.id }, 'Not in this topic.'),
      `Agreed, and @${second.username} is right too.`,
    ].join('');
    const comment = await writeComment(t, quoter, created.id, content, { reply_to_id: alberto.id });

    expect(await forumNoticesOf(first.id)).toEqual([
      {
        type: 'QUOTE',
        title: M.quoteTitle,
        message: M.quotedYou(quoter.username, 'Best knot for braid to leader'),
        data: expect.objectContaining({ postId: created.id, commentId: comment.id, senderId: quoter.id }),
      },
    ]);
    expect(await forumNoticesOf(author.id)).toEqual([expect.objectContaining({ type: 'QUOTE' })]);
    // Answered, quoted elsewhere and mentioned: told once, of the reply.
    expect((await forumNoticesOf(second.id)).filter((n) => n.data.commentId === comment.id)).toEqual([
      expect.objectContaining({
        type: 'REPLY',
        message: M.replyToComment(quoter.username, 'Best knot for braid to leader'),
      }),
    ]);
  });

  it('ignores quotes written inside code', async () => {
    const [author, first, quoter] = await Promise.all([member(), member(), member()]);
    const created = await writePost(t, author);
    const fg = await writeComment(t, first, created.id, 'Slim knot.');
    const example = quoteMarkdown(first.username, { kind: 'comment', commentId: fg.id }, 'Slim knot.');
    await writeComment(t, quoter, created.id, `A quote looks like this:\n\n\`\`\`\n${example}\`\`\``);
    expect(await forumNoticesOf(first.id)).toEqual([]);
  });
});

describe('mentions on the page', () => {
  it('names the members the post and its comments mention, so the page can link them', async () => {
    const [author, angler, commenter] = await Promise.all([member(), member(), member()]);
    const created = await writePost(t, author, {
      content: `Ask @${angler.username.toUpperCase()} or @nobody_here.`,
    });
    await writeComment(
      t,
      commenter,
      created.id,
      `@${author.username} seconded, and \`@${commenter.username}\` in code.`,
    );
    const shown = await topic(created.id, commenter);
    expect(shown.mentioned_members.map((m) => m.id).sort()).toEqual([author.id, angler.id].sort());
    expect(shown.mentioned_members).toContainEqual({ id: angler.id, username: angler.username });
  });
});
