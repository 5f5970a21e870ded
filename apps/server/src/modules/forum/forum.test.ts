import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CommentDeletedDto,
  ForumCategoriesDto,
  FORUM_MESSAGES as M,
  PostDto,
  PostListDto,
  ToggleResultDto,
  TopContributorsDto,
  TrendingPostsDto,
} from '@castline/shared';
import { profiles } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildComment,
  buildCommentLike,
  buildPost,
  buildPostLike,
  buildUser,
  del,
  errorOf,
  get,
  guest,
  post,
  signedInMember,
  type Caller,
  type Member,
} from '../../../test/factories.js';
import { postBody, REPORT_MARKDOWN, writeComment, writePost } from './forum.test-helpers.js';

const t = useTestApp();

function patch(url: string, payload: unknown, caller: Caller) {
  return t.app.inject({
    method: 'PATCH',
    url,
    payload: payload as object,
    remoteAddress: caller.ip ?? '127.0.0.1',
    headers: caller.cookie ? { cookie: caller.cookie } : {},
  });
}

async function list(query: string, caller: Caller = guest()) {
  const response = await get(t.app, `/api/forum/posts?${query}`, caller);
  expect(response.statusCode).toBe(200);
  return PostListDto.parse(response.json());
}

async function page(id: string, caller: Caller = guest()) {
  return get(t.app, `/api/forum/posts/${id}`, caller);
}

const member = () => signedInMember(t.app, t.database.db);
const db = () => t.database.db;

describe('reading the forum', () => {
  it('lists public posts newest first with excerpts, authors and counts; filters by category and author; pages', async () => {
    const author = await buildUser(db());
    const content = REPORT_MARKDOWN;
    const first = await buildPost(db(), author.id, {
      title: 'Oldest report',
      category: 'Fishing Reports',
      content,
    });
    const second = await buildPost(db(), author.id, {
      title: 'Which reel for jigs?',
      category: 'Gear Talk',
      content,
    });
    const third = await buildPost(db(), author.id, {
      title: 'Tying a Palomar knot',
      category: 'How-To',
      content,
    });

    const mine = await list(`author_id=${author.id}`);
    expect(mine.total).toBe(3);
    expect(mine.items.map((p) => p.id)).toEqual([third.id, second.id, first.id]);
    const summary = mine.items[2]!;
    expect(summary).toMatchObject({
      title: 'Oldest report',
      category: 'Fishing Reports',
      status: 'published',
      author_id: author.id,
      author: { id: author.id, username: author.username, deleted: false, blocked_by_viewer: false },
      likes_count: 0,
      comments_count: 0,
      liked: false,
    });
    // Markdown is removed from the excerpt; the content itself is only on the post page.
    expect(summary.excerpt).toBe('Water was stained 1/16 oz jigs minnows under a float See the map.');
    expect(summary).not.toHaveProperty('content');

    const paged = await list(`author_id=${author.id}&pageSize=2&page=2`);
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items.map((p) => p.id)).toEqual([first.id]);

    const gear = await list(`author_id=${author.id}&category=${encodeURIComponent('Gear Talk')}`);
    expect(gear.items.map((p) => p.id)).toEqual([second.id]);
    expect((await list('category=Nope')).total).toBe(0);

    const bad = await get(t.app, '/api/forum/posts?page=0&author_id=nope');
    expect(bad.statusCode).toBe(400);
  });

  it('searches titles and content with web-search syntax', async () => {
    const author = await buildUser(db());
    const palomar = await buildPost(db(), author.id, {
      title: 'Knots that hold',
      content: 'The **Palomar** knot beats the clinch for braided lines.',
    });
    await buildPost(db(), author.id, { title: 'Knots for fluorocarbon', content: 'Use a uni knot here.' });

    const found = await list(`q=${encodeURIComponent('palomar braided')}`);
    expect(found.items.map((p) => p.id)).toEqual([palomar.id]);
    const phrase = await list(`q=${encodeURIComponent('knots -palomar')}&author_id=${author.id}`);
    expect(phrase.items.map((p) => p.title)).toEqual(['Knots for fluorocarbon']);
    expect((await list(`q=${encodeURIComponent('"(unbalanced')}`)).total).toBe(0);
  });

  it('ranks trending posts by likes and top contributors by posts; counts categories from the posts', async () => {
    const before = ForumCategoriesDto.parse((await get(t.app, '/api/forum/categories')).json());
    const prolific = await buildUser(db());
    const fan = await member();
    const fans = [fan, await buildUser(db()), await buildUser(db())];
    const popular = await buildPost(db(), prolific.id, { title: 'Popular', category: 'General' });
    for (let n = 0; n < 3; n += 1) await buildPost(db(), prolific.id, { category: 'General' });
    for (const liker of fans) await buildPostLike(db(), popular.id, liker.id);
    await buildComment(db(), popular.id, fan.id, { content: 'Nice one' });

    const trending = TrendingPostsDto.parse((await get(t.app, '/api/forum/trending', fan)).json());
    expect(trending.items[0]).toMatchObject({
      id: popular.id,
      likes_count: 3,
      comments_count: 1,
      liked: true,
    });
    expect(trending.items.length).toBeLessThanOrEqual(10);

    const top = await get(t.app, '/api/forum/top-contributors');
    expect(top.headers['cache-control']).toBe('public, max-age=60');
    const contributors = TopContributorsDto.parse(top.json()).items;
    expect(contributors.length).toBeLessThanOrEqual(10);
    expect(contributors[0]).toMatchObject({
      id: prolific.id,
      username: prolific.username,
      posts_count: 4,
      comments_count: 0,
      total_likes: 3,
    });
    expect(contributors.find((c) => c.id === fans[0]!.id)).toMatchObject({
      posts_count: 0,
      comments_count: 1,
    });

    const after = ForumCategoriesDto.parse((await get(t.app, '/api/forum/categories')).json());
    const count = (dto: ForumCategoriesDto, name: string) =>
      dto.items.find((item) => item.category === name)?.count ?? 0;
    expect(count(after, 'General')).toBe(count(before, 'General') + 4);
    expect(after.items[0]!.count).toBeGreaterThanOrEqual(after.items.at(-1)!.count);
  });

  it('shows a post with its Markdown, comments and what the viewer may do; 404 for unknown and malformed ids', async () => {
    const author = await member();
    const reader = await member();
    const created = await buildPost(db(), author.id, {
      content: REPORT_MARKDOWN,
      images: ['/files/forum-images/catch-1.webp'],
    });
    await buildComment(db(), created.id, reader.id, { content: 'Great **report**!' });

    const asGuest = PostDto.parse((await page(created.id)).json());
    expect(asGuest).toMatchObject({
      content: postBody().content,
      images: ['/files/forum-images/catch-1.webp'],
      comments_count: 1,
      can_edit: false,
      can_delete: false,
      moderation_reason: null,
    });
    expect(asGuest.comments).toEqual([
      expect.objectContaining({
        content: 'Great **report**!',
        author: expect.objectContaining({ username: reader.username }),
        can_delete: false,
        liked: false,
      }),
    ]);
    const asAuthor = PostDto.parse((await page(created.id, author)).json());
    expect(asAuthor).toMatchObject({ can_edit: true, can_delete: true });
    expect(asAuthor.comments[0]!.can_delete).toBe(false);
    const asReader = PostDto.parse((await page(created.id, reader)).json());
    expect(asReader.comments[0]!.can_delete).toBe(true);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-post']) {
      const missing = await page(id);
      expect(missing.statusCode).toBe(404);
      expect(errorOf(missing).message).toBe(M.postNotFound);
    }
  });

  it('sends the post and each comment parsed, as the page draws them, and parsed anew after an edit', async () => {
    const author = await member();
    const created = await buildPost(db(), author.id, { content: REPORT_MARKDOWN });
    await buildComment(db(), created.id, author.id, { content: '- [x] leader\n- [ ] tippet' });

    const shown = PostDto.parse((await page(created.id)).json());
    expect(shown.content_tree).toEqual({
      type: 'root',
      children: [
        {
          type: 'heading',
          depth: 2,
          children: [
            { type: 'text', value: 'Water was ' },
            { type: 'strong', children: [{ type: 'text', value: 'stained' }] },
          ],
        },
        {
          type: 'list',
          children: [
            {
              type: 'listItem',
              children: [{ type: 'paragraph', children: [{ type: 'text', value: '1/16 oz jigs' }] }],
            },
            {
              type: 'listItem',
              children: [{ type: 'paragraph', children: [{ type: 'text', value: 'minnows under a float' }] }],
            },
          ],
        },
        {
          type: 'paragraph',
          children: [
            { type: 'text', value: 'See ' },
            { type: 'link', url: 'https://example.com/map', children: [{ type: 'text', value: 'the map' }] },
            { type: 'text', value: '.' },
          ],
        },
      ],
    });
    // An open task keeps its box: `checked: false` is sent, where other false fields are left out.
    const tasks = shown.comments[0]!.content_tree.children![0]!.children!;
    expect(tasks.map((item) => item.checked)).toEqual([true, false]);

    const edited = await patch(`/api/forum/posts/${created.id}`, { content: 'Now *clear*.' }, author);
    expect(edited.statusCode).toBe(200);
    const afterEdit = PostDto.parse((await page(created.id)).json());
    expect(afterEdit.content_tree).toEqual({
      type: 'root',
      children: [
        {
          type: 'paragraph',
          children: [
            { type: 'text', value: 'Now ' },
            { type: 'emphasis', children: [{ type: 'text', value: 'clear' }] },
            { type: 'text', value: '.' },
          ],
        },
      ],
    });
  });

  it('marks authors the viewer blocked and shows deleted members as deleted', async () => {
    const author = await buildUser(db());
    const viewer = await member();
    const created = await buildPost(db(), author.id);
    await t.database.db
      .update(profiles)
      .set({ blocked_users: [author.id] })
      .where(eq(profiles.id, viewer.id));
    const seen = PostDto.parse((await page(created.id, viewer)).json());
    expect(seen.author.blocked_by_viewer).toBe(true);
    const listed = await list(`author_id=${author.id}`, viewer);
    expect(listed.items[0]!.author.blocked_by_viewer).toBe(true);
    expect(PostDto.parse((await page(created.id)).json()).author.blocked_by_viewer).toBe(false);

    await t.database.db
      .update(profiles)
      .set({ deleted_at: new Date(), username: 'deleted-abc123', full_name: 'Gone' })
      .where(eq(profiles.id, author.id));
    const kept = PostDto.parse((await page(created.id)).json());
    expect(kept.author).toMatchObject({ deleted: true, full_name: null, avatar_url: null });
  });
});

describe('writing needs a session', () => {
  it("answers guests with the spec's texts", async () => {
    const author = await buildUser(db());
    const created = await buildPost(db(), author.id);
    const comment = await buildComment(db(), created.id, author.id, { content: 'First!' });
    const visitor = guest();
    const cases: [string, unknown, string][] = [
      ['/api/forum/posts', postBody(), M.loginToCreatePost],
      [`/api/forum/posts/${created.id}/comments`, { content: 'hi' }, M.loginToComment],
      [`/api/forum/posts/${created.id}/like`, undefined, M.loginToLikePost],
      [`/api/forum/comments/${comment.id}/like`, undefined, M.loginToLikeComment],
      // Also before the body or the id is looked at.
      ['/api/forum/posts', {}, M.loginToCreatePost],
      ['/api/forum/posts/not-an-id/like', undefined, M.loginToLikePost],
    ];
    for (const [url, body, message] of cases) {
      const response = await post(t.app, url, body, visitor);
      expect(response.statusCode, url).toBe(401);
      expect(errorOf(response).message).toBe(message);
    }
    expect((await patch(`/api/forum/posts/${created.id}`, { title: 'x' }, visitor)).statusCode).toBe(401);
    expect((await del(t.app, `/api/forum/posts/${created.id}`, visitor)).statusCode).toBe(401);
    expect((await del(t.app, `/api/forum/comments/${comment.id}`, visitor)).statusCode).toBe(401);
  });

  it('refuses banned members', async () => {
    const banned = await member();
    const author = await buildUser(db());
    const created = await buildPost(db(), author.id);
    await t.database.db.update(profiles).set({ status: 'banned' }).where(eq(profiles.id, banned.id));
    for (const [url, body] of [
      ['/api/forum/posts', postBody()],
      [`/api/forum/posts/${created.id}/comments`, { content: 'hi' }],
      [`/api/forum/posts/${created.id}/like`, undefined],
    ] as const) {
      const response = await post(t.app, url, body, banned);
      expect(response.statusCode, url).toBe(403);
      expect(errorOf(response).message).toBe(M.banned);
    }
  });
});

describe('validation', () => {
  it('explains each problem with the post', async () => {
    const author = await member();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '   ' }, 'title', M.titleRequired],
      [{ title: 'x'.repeat(151) }, 'title', M.titleTooLong],
      [{ category: '' }, 'category', M.categoryRequired],
      [{ category: 'Politics' }, 'category', M.categoryInvalid],
      [{ content: '' }, 'content', M.contentRequired],
      [{ content: 'x'.repeat(20_001) }, 'content', M.contentTooLong],
      [{ images: ['https://evil.example/x.png'] }, 'images.0', M.imageUrlInvalid],
      [{ images: ['/files/product-images/a.webp'] }, 'images.0', M.imageUrlInvalid],
      [
        { images: Array.from({ length: 11 }, (_, n) => `/files/forum-images/p${n}.webp`) },
        'images',
        M.tooManyImages,
      ],
    ];
    for (const [overrides, path, message] of cases) {
      const response = await post(t.app, '/api/forum/posts', postBody(overrides), author);
      expect(response.statusCode, message).toBe(400);
      expect(errorOf(response)).toMatchObject({ message, issues: [{ path, message }] });
    }
    const empty = await post(t.app, '/api/forum/posts', {}, author);
    expect(errorOf(empty).issues!.map((issue) => issue.message)).toEqual([
      M.titleRequired,
      M.categoryRequired,
      M.contentRequired,
    ]);

    const created = await writePost(t, author, {
      title: '  Padded title  ',
      content: '  <b>raw</b> & text  ',
    });
    // Stored as written (trimmed), never interpreted.
    expect(created).toMatchObject({ title: 'Padded title', content: '<b>raw</b> & text' });

    const comment = await post(t.app, `/api/forum/posts/${created.id}/comments`, { content: ' ' }, author);
    expect(errorOf(comment)).toMatchObject({ message: M.commentRequired });
    const long = await post(
      t.app,
      `/api/forum/posts/${created.id}/comments`,
      { content: 'x'.repeat(5001) },
      author,
    );
    expect(errorOf(long).message).toBe(M.commentTooLong);
    expect(errorOf(await patch(`/api/forum/posts/${created.id}`, {}, author)).message).toBe(
      M.nothingToUpdate,
    );
  });
});

describe('editing and deleting', () => {
  it('lets the author and content moderators edit; others get 403; only moderators change the status', async () => {
    const author = await member();
    const stranger = await member();
    const moderator = await signedInMember(t.app, t.database.db, 'moderator');
    const created = await buildPost(db(), author.id);

    const edited = await patch(
      `/api/forum/posts/${created.id}`,
      { title: 'Updated title', category: 'General', images: ['/files/forum-images/a.webp'] },
      author,
    );
    expect(edited.statusCode).toBe(200);
    const dto = PostDto.parse(edited.json());
    expect(dto).toMatchObject({ title: 'Updated title', category: 'General', content: created.content });
    expect(Date.parse(dto.updated_at)).toBeGreaterThanOrEqual(created.updated_at.getTime());

    const refused = await patch(`/api/forum/posts/${created.id}`, { title: 'Mine now' }, stranger);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(M.notYourPost);
    // 403 comes before the body's own problems.
    expect((await patch(`/api/forum/posts/${created.id}`, { title: '' }, stranger)).statusCode).toBe(403);

    const statusByAuthor = await patch(`/api/forum/posts/${created.id}`, { status: 'hidden' }, author);
    expect(statusByAuthor.statusCode).toBe(403);
    expect(errorOf(statusByAuthor).message).toBe(M.statusChangeForbidden);

    const byModerator = await patch(
      `/api/forum/posts/${created.id}`,
      { content: 'Edited by staff', status: 'flagged' },
      moderator,
    );
    expect(byModerator.statusCode).toBe(200);
    expect(PostDto.parse(byModerator.json())).toMatchObject({
      content: 'Edited by staff',
      status: 'flagged',
    });
  });

  it('deletes a post (author or moderator) with its comments and takes back the counters', async () => {
    const author = await member();
    const commenter = await member();
    const stranger = await member();
    const moderator = await signedInMember(t.app, t.database.db, 'moderator');
    const first = await buildPost(db(), author.id);
    const comment = await buildComment(db(), first.id, commenter.id, { content: 'Counting this' });
    await buildPostLike(db(), first.id, commenter.id);
    await buildCommentLike(db(), comment.id, author.id);

    const profileOf = async (id: string) =>
      (await t.database.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;
    expect(await profileOf(author.id)).toMatchObject({ posts_count: 1, likes_count: 1 });
    expect(await profileOf(commenter.id)).toMatchObject({ comments_count: 1, likes_count: 1 });

    const refused = await del(t.app, `/api/forum/posts/${first.id}`, stranger);
    expect(refused.statusCode).toBe(403);
    expect((await del(t.app, `/api/forum/posts/${first.id}`, author)).statusCode).toBe(204);
    expect((await page(first.id)).statusCode).toBe(404);
    expect(await profileOf(author.id)).toMatchObject({ posts_count: 0, likes_count: 0 });
    expect(await profileOf(commenter.id)).toMatchObject({ comments_count: 0, likes_count: 0 });

    const second = await buildPost(db(), author.id);
    expect((await del(t.app, `/api/forum/posts/${second.id}`, moderator)).statusCode).toBe(204);
    expect((await del(t.app, `/api/forum/posts/${second.id}`, moderator)).statusCode).toBe(404);
  });
});

describe('moderated posts', () => {
  it('keeps hidden and flagged posts from the public; their author and staff still see them', async () => {
    const author = await member();
    const stranger = await member();
    const moderator = await signedInMember(t.app, t.database.db, 'moderator');
    const created = await buildPost(db(), author.id, {
      title: 'Will be hidden',
      status: 'hidden',
      moderation_reason: 'Spam',
    });

    expect((await page(created.id)).statusCode).toBe(404);
    expect((await page(created.id, stranger)).statusCode).toBe(404);
    expect((await list(`author_id=${author.id}`)).total).toBe(0);
    expect((await post(t.app, `/api/forum/posts/${created.id}/like`, undefined, stranger)).statusCode).toBe(
      404,
    );
    expect(
      (await post(t.app, `/api/forum/posts/${created.id}/comments`, { content: 'hello' }, stranger))
        .statusCode,
    ).toBe(404);

    const own = PostDto.parse((await page(created.id, author)).json());
    expect(own).toMatchObject({ status: 'hidden', moderation_reason: 'Spam' });
    const staff = PostDto.parse((await page(created.id, moderator)).json());
    expect(staff).toMatchObject({ status: 'hidden', can_edit: true, can_delete: true });
    const trending = TrendingPostsDto.parse((await get(t.app, '/api/forum/trending')).json());
    expect(trending.items.some((p) => p.id === created.id)).toBe(false);
  });
});

describe('comments and likes', () => {
  it('adds and deletes comments: own, or any for staff; counts follow', async () => {
    const author = await member();
    const commenter = await member();
    const other = await member();
    const moderator = await signedInMember(t.app, t.database.db, 'moderator');
    const created = await buildPost(db(), author.id);
    const mine = await writeComment(t, commenter, created.id, '  Tight lines!  ');
    expect(mine).toMatchObject({
      post_id: created.id,
      content: 'Tight lines!',
      author_id: commenter.id,
      likes_count: 0,
      can_delete: true,
    });
    const second = await buildComment(db(), created.id, other.id, { content: 'Second' });
    expect(PostDto.parse((await page(created.id)).json()).comments_count).toBe(2);

    const refused = await del(t.app, `/api/forum/comments/${mine.id}`, other);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(M.notYourComment);

    const deleted = await del(t.app, `/api/forum/comments/${mine.id}`, commenter);
    expect(deleted.statusCode).toBe(200);
    expect(CommentDeletedDto.parse(deleted.json())).toEqual({ message: 'Comment deleted successfully' });
    const byStaff = await del(t.app, `/api/forum/comments/${second.id}`, moderator);
    expect(byStaff.json()).toEqual({ message: M.commentDeleted });

    const after = PostDto.parse((await page(created.id)).json());
    expect(after.comments).toEqual([]);
    expect(after.comments_count).toBe(0);
    const again = await del(t.app, `/api/forum/comments/${mine.id}`, commenter);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).message).toBe(M.commentNotFound);
    expect((await del(t.app, '/api/forum/comments/nope', commenter)).statusCode).toBe(404);
  });

  it('toggles likes on posts and comments with counts and the viewer flag', async () => {
    const author = await member();
    const fan = await member();
    const created = await buildPost(db(), author.id);
    const comment = await buildComment(db(), created.id, author.id, { content: 'Reply' });

    const like = async (url: string, who: Member) =>
      ToggleResultDto.parse((await post(t.app, url, undefined, who)).json());
    expect(await like(`/api/forum/posts/${created.id}/like`, fan)).toEqual({ active: true, count: 1 });
    expect(await like(`/api/forum/posts/${created.id}/like`, author)).toEqual({ active: true, count: 2 });
    expect(await like(`/api/forum/posts/${created.id}/like`, fan)).toEqual({ active: false, count: 1 });
    expect(await like(`/api/forum/comments/${comment.id}/like`, fan)).toEqual({ active: true, count: 1 });

    const seen = PostDto.parse((await page(created.id, fan)).json());
    expect(seen).toMatchObject({ likes_count: 1, liked: false });
    expect(seen.comments[0]).toMatchObject({ likes_count: 1, liked: true });
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, author.id));
    expect(profile!.likes_count).toBe(2);

    const missing = await post(
      t.app,
      '/api/forum/comments/00000000-0000-4000-8000-000000000000/like',
      undefined,
      fan,
    );
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe(M.commentNotFound);
  });
});

describe('API docs', () => {
  it('lists every forum route', async () => {
    const doc = (await get(t.app, '/api/docs/json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/forum'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(routes).toEqual(
      [
        'GET /api/forum/posts',
        'POST /api/forum/posts',
        'GET /api/forum/posts/{id}',
        'PATCH /api/forum/posts/{id}',
        'DELETE /api/forum/posts/{id}',
        'GET /api/forum/posts/{id}/comments',
        'POST /api/forum/posts/{id}/comments',
        'POST /api/forum/posts/{id}/like',
        'PUT /api/forum/posts/{id}/read',
        'POST /api/forum/posts/{id}/pin',
        'POST /api/forum/posts/{id}/lock',
        'POST /api/forum/posts/{id}/bookmark',
        'POST /api/forum/comments/{id}/bookmark',
        'PUT /api/forum/posts/{id}/watch',
        'PUT /api/forum/categories/watch',
        'GET /api/forum/drafts/new-topic',
        'PUT /api/forum/drafts/new-topic',
        'DELETE /api/forum/drafts/new-topic',
        'GET /api/forum/posts/{id}/draft',
        'PUT /api/forum/posts/{id}/draft',
        'DELETE /api/forum/posts/{id}/draft',
        'DELETE /api/forum/comments/{id}',
        'POST /api/forum/comments/{id}/like',
        'GET /api/forum/categories',
        'GET /api/forum/trending',
        'GET /api/forum/top-contributors',
      ].sort(),
    );
  });

  it('describes the parsed Markdown of posts and comments once, as a recursive schema', async () => {
    const doc = (await get(t.app, '/api/docs/json')).json() as {
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    const markdownNode = doc.components.schemas.MarkdownNode!;
    expect(markdownNode.properties.type).toEqual({ type: 'string' });
    expect(markdownNode.properties.children).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/MarkdownNode' },
    });
    const topic = JSON.stringify(doc.paths['/api/forum/posts/{id}']!.get!.responses['200']);
    // The post's tree and its comments' trees.
    expect(topic.match(/"content_tree":\{"\$ref":"#\/components\/schemas\/MarkdownNode"\}/g)).toHaveLength(2);
  });
});
