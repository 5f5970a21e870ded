import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FORUM_LIMITS, FORUM_MESSAGES as M, PostDto, ToggleResultDto } from '@castline/shared';
import { notifications, posts, profiles } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildPost,
  buildUser,
  errorOf,
  post,
  signedInMember,
  signIn,
  uniqueIp,
  type Member,
} from '../../../test/factories.js';
import { listen, openSocket } from '../../../test/realtime-client.js';
import { forumRateKey } from './forum.service.js';
import { postBody, writeComment, writePost } from './forum.test-helpers.js';

const t = useTestApp();
const member = () => signedInMember(t.app, t.database.db);
let base: string | undefined;
async function baseUrl(): Promise<string> {
  base ??= await listen(t.app);
  return base;
}

/** `count` signed-in members, made together (one password hash for all of them). */
async function members(count: number): Promise<Member[]> {
  const users = await Promise.all(
    Array.from({ length: count }, () => buildUser(t.database.db, { password: 'shared-secret-9' })),
  );
  return Promise.all(
    users.map(async (user) => {
      const ip = uniqueIp();
      const cookie = await signIn(t.app, user.email, user.password, ip);
      return { id: user.id, username: user.username, email: user.email, cookie, ip };
    }),
  );
}

async function profileOf(id: string) {
  const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, id));
  return row!;
}

async function likesCountOf(postId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ likes: posts.likes_count })
    .from(posts)
    .where(eq(posts.id, postId));
  return row!.likes;
}

describe('counters under concurrency', () => {
  it('counts 50 concurrent likes and then 50 concurrent unlikes exactly', async () => {
    const author = await buildUser(t.database.db);
    const created = await buildPost(t.database.db, author.id);
    const fans = await members(50);

    const liked = await Promise.all(
      fans.map((fan) => post(t.app, `/api/forum/posts/${created.id}/like`, undefined, fan)),
    );
    expect(liked.map((r) => r.statusCode)).toEqual(fans.map(() => 200));
    const likeResults = liked.map((r) => ToggleResultDto.parse(r.json()));
    expect(likeResults.every((r) => r.active)).toBe(true);
    // Every like saw its own increment: the counts handed out are 1..50, each once.
    expect(likeResults.map((r) => r.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, n) => n + 1),
    );
    expect(await likesCountOf(created.id)).toBe(50);
    expect((await profileOf(author.id)).likes_count).toBe(50);

    const unliked = await Promise.all(
      fans.map((fan) => post(t.app, `/api/forum/posts/${created.id}/like`, undefined, fan)),
    );
    expect(unliked.every((r) => r.statusCode === 200 && !ToggleResultDto.parse(r.json()).active)).toBe(true);
    expect(await likesCountOf(created.id)).toBe(0);
    expect((await profileOf(author.id)).likes_count).toBe(0);
  });

  it('keeps comment counts exact when members comment and like comments at the same time', async () => {
    const author = await buildUser(t.database.db);
    const created = await buildPost(t.database.db, author.id);
    const crowd = await members(12);
    const responses = await Promise.all(
      crowd.map((someone) =>
        post(
          t.app,
          `/api/forum/posts/${created.id}/comments`,
          { content: `From ${someone.username}` },
          someone,
        ),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(crowd.map(() => 201));
    const first = (responses[0]!.json() as { id: string }).id;
    await Promise.all(
      crowd.map((someone) => post(t.app, `/api/forum/comments/${first}/like`, undefined, someone)),
    );

    const page = await t.app.inject({ method: 'GET', url: `/api/forum/posts/${created.id}` });
    const shown = PostDto.parse(page.json());
    expect(shown.comments_count).toBe(12);
    expect(shown.comments).toHaveLength(12);
    expect(shown.comments.find((c) => c.id === first)!.likes_count).toBe(12);
    const commenter = await profileOf(crowd[0]!.id);
    expect(commenter).toMatchObject({ comments_count: 1, likes_count: 12 });
  });
});

describe('mentions', () => {
  it('notifies each mentioned member once, but not the author, unknown names or members who blocked the author', async () => {
    const author = await member();
    const mentioned = await member();
    const blocker = await member();
    const later = await member();
    await t.database.db
      .update(profiles)
      .set({ blocked_users: [author.id] })
      .where(eq(profiles.id, blocker.id));

    const socket = await openSocket(await baseUrl(), mentioned.cookie);

    const content = [
      `Thanks @${mentioned.username} and @${mentioned.username.toUpperCase()} again!`,
      `Also @${blocker.username}, me (@${author.username}), @nobody_at_all and \`@${later.username}\`.`,
      `Mail me at someone@${later.username}.com`,
    ].join('\n');
    const created = await writePost(t, author, { title: 'Mentions post', content });

    const mentionsOf = (userId: string) =>
      t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.user_id, userId), eq(notifications.type, 'MENTION')));
    const received = await mentionsOf(mentioned.id);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      title: M.mentionTitle,
      message: M.mentionInPost(author.username, 'Mentions post'),
      data: { postId: created.id, senderId: author.id, senderName: author.username },
    });
    expect(await mentionsOf(blocker.id)).toHaveLength(0);
    expect(await mentionsOf(author.id)).toHaveLength(0);
    expect(await mentionsOf(later.id)).toHaveLength(0);

    // Pushed to the mentioned member once committed.
    const pushed = await socket.next('notification.created', (e) => e.notification.type === 'MENTION');
    expect(pushed.notification.data).toMatchObject({ postId: created.id });
    await socket.close();

    // A comment mentions too (with the comment's id); an edit notifies only newly mentioned members.
    const comment = await writeComment(t, later, created.id, `@${mentioned.username} agreed`);
    const afterComment = await mentionsOf(mentioned.id);
    expect(afterComment).toHaveLength(2);
    expect(
      afterComment.find((n) => (n.data as { commentId?: string }).commentId === comment.id),
    ).toMatchObject({
      message: M.mentionInComment(later.username, 'Mentions post'),
    });

    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/forum/posts/${created.id}`,
      payload: { content: `${content}\nAnd @${later.username} too.` },
      remoteAddress: author.ip,
      headers: { cookie: author.cookie },
    });
    expect(edited.statusCode).toBe(200);
    expect(await mentionsOf(later.id)).toHaveLength(1);
    expect(await mentionsOf(mentioned.id)).toHaveLength(2);
  });

  it('notifies at most 10 members from one post', async () => {
    const author = await member();
    const crowd = await members(12);
    await writePost(t, author, { content: crowd.map((m) => `@${m.username}`).join(' ') });
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.type, 'MENTION'));
    const fromAuthor = rows.filter((n) => (n.data as { senderId?: string }).senderId === author.id);
    expect(fromAuthor).toHaveLength(FORUM_LIMITS.mentionsMax);
    expect(fromAuthor.map((n) => n.user_id)).toEqual(
      expect.arrayContaining(crowd.slice(0, 10).map((m) => m.id)),
    );
  });
});

describe('posting rate limits', () => {
  it('slows down fast posting with a clear message, tighter for accounts younger than a day', async () => {
    const fresh = await member();
    await t.rateLimiter.reset(forumRateKey('post', fresh.id));
    expect((await post(t.app, '/api/forum/posts', postBody(), fresh)).statusCode).toBe(201);
    const tooFast = await post(t.app, '/api/forum/posts', postBody({ title: 'Again' }), fresh);
    expect(tooFast.statusCode).toBe(429);
    const seconds = Number(tooFast.headers['retry-after']);
    expect(seconds).toBeGreaterThan(15);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(errorOf(tooFast)).toMatchObject({ code: 'RATE_LIMITED', message: M.rateLimited(seconds) });
    expect(M.rateLimited(seconds)).toMatch(/^You're posting too fast\. Try again in \d+ seconds?\.$/);

    const seasoned = await member();
    await t.database.db
      .update(profiles)
      .set({ created_at: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(profiles.id, seasoned.id));
    const target = await writePost(t, seasoned);
    const second = await post(t.app, '/api/forum/posts', postBody(), seasoned);
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(15);

    await t.rateLimiter.reset(forumRateKey('comment', seasoned.id));
    const url = `/api/forum/posts/${target.id}/comments`;
    expect((await post(t.app, url, { content: 'one' }, seasoned)).statusCode).toBe(201);
    const fastComment = await post(t.app, url, { content: 'two' }, seasoned);
    expect(fastComment.statusCode).toBe(429);
    expect(Number(fastComment.headers['retry-after'])).toBeLessThanOrEqual(5);
    // An invalid body does not use up the allowance.
    const other = await member();
    await t.rateLimiter.reset(forumRateKey('comment', other.id));
    expect((await post(t.app, url, { content: '' }, other)).statusCode).toBe(400);
    expect((await post(t.app, url, { content: 'valid' }, other)).statusCode).toBe(201);
  });
});

describe('live updates', () => {
  it('tells every connected member about new posts, comments, likes and deletions', async () => {
    const author = await member();
    const watcher = await member();
    const socket = await openSocket(await baseUrl(), watcher.cookie);

    const created = await writePost(t, author);
    expect(
      await socket.next('content.changed', (e) => e.entity === 'post' && e.post_id === created.id),
    ).toEqual({ type: 'content.changed', entity: 'post', post_id: created.id, user_id: author.id });

    const comment = await writeComment(t, author, created.id, 'Live comment');
    await socket.next('content.changed', (e) => e.entity === 'comment' && e.post_id === created.id);

    await post(t.app, `/api/forum/comments/${comment.id}/like`, undefined, watcher);
    expect(
      await socket.next('content.changed', (e) => e.entity === 'like' && e.post_id === created.id),
    ).toMatchObject({ user_id: watcher.id });

    socket.events.length = 0;
    await t.app.inject({
      method: 'DELETE',
      url: `/api/forum/posts/${created.id}`,
      remoteAddress: author.ip,
      headers: { cookie: author.cookie },
    });
    await socket.next('content.changed', (e) => e.entity === 'post' && e.post_id === created.id);
    await socket.close();
  });
});
