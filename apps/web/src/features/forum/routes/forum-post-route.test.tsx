import type { PostDto } from '@castline/shared';
import { FORUM_MESSAGES } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { beforeTheNextFrame } from '../../../test/frames';
import { guestSession } from '../../../test/fixtures';
import { heldAnswer, renderRoute } from '../../../test/render-route';
import { COMMENT_ADDED } from '../components/comments-section';
import { POST_DELETED } from '../components/delete-post-dialog';
import { POST_UPDATED } from '../components/edit-post-texts';
import { buildAuthor, buildComment, buildPost, memberAuthor } from '../testing/forum-fixtures';
import { ForumPostRoute } from './forum-post-route';

type Options = NonNullable<Parameters<typeof renderRoute>[1]>;

function renderPost(post: PostDto | null, options: Options = {}) {
  return renderRoute(<ForumPostRoute />, {
    path: '/forum/post/:postId',
    initialEntry: `/forum/post/${post?.id ?? 'p_404'}`,
    ...options,
    server: {
      ...(post ? { [`GET /api/forum/posts/${post.id}`]: { body: post } } : {}),
      ...options.server,
    },
  });
}

const likePostButton = () => screen.getByRole('button', { name: /^Like this post/ });

describe('post page', () => {
  it("says 'Post not found' with a way back to the Community", async () => {
    renderPost(null, {
      session: guestSession,
      server: { 'GET /api/forum/posts/p_404': apiError(404, 'NOT_FOUND', FORUM_MESSAGES.postNotFound) },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Community' })).toHaveAttribute('href', '/forum');
    await waitFor(() => expect(document.title).toBe('Post not found · Castline'));
  });

  it('shows a skeleton while loading, then the post', async () => {
    const post = buildPost({
      id: 'p_1',
      title: 'Best leader for clear water?',
      category: 'Gear Talk',
      content: '## Setup\n\nFluoro or **mono**? See [the guide](https://knots.example.org).',
      author: buildAuthor({ id: 'u_2', username: 'pike_hunter', full_name: 'Pia Hunter' }),
    });
    const held = heldAnswer({ body: post });
    renderPost(null, {
      session: guestSession,
      initialEntry: '/forum/post/p_1',
      server: { 'GET /api/forum/posts/p_1': held.route },
    });

    expect(await screen.findByRole('status', { name: 'Loading post' })).toBeInTheDocument();
    held.release();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Best leader for clear water?' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Setup' })).toBeInTheDocument();
    expect(screen.getByText('mono').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'the guide' })).toHaveAttribute('target', '_blank');
    expect(screen.getByText('Gear Talk')).toBeInTheDocument();
    const author = screen.getByRole('region', { name: 'About the author' });
    expect(within(author).getByRole('link', { name: 'pike_hunter' })).toHaveAttribute('href', '/profile/u_2');
    expect(within(author).getByText('Pia Hunter')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Best leader for clear water? · Castline'));
  });

  it('shows any other failure with a way to try again', async () => {
    renderPost(null, {
      initialEntry: '/forum/post/p_1',
      server: {
        'GET /api/forum/posts/p_1': apiError(
          500,
          'INTERNAL',
          'An unexpected error occurred. Please try again.',
        ),
      },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An unexpected error occurred. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Community' })).toHaveAttribute('href', '/forum');
  });

  it("shows the post's images in a gallery", async () => {
    renderPost(
      buildPost({
        id: 'p_1',
        title: 'Two pike',
        images: ['/files/forum-images/a.webp', '/files/forum-images/b.webp'],
      }),
    );

    const gallery = await screen.findByRole('region', { name: 'Photos' });
    expect(within(gallery).getByRole('button', { name: 'Show photo 2' })).toBeInTheDocument();
  });

  it('shows the author whether they are online', async () => {
    const authorId = '0b7d6c1e-3333-4a5b-9c8d-000000000003';
    renderPost(buildPost({ id: 'p_1', author: buildAuthor({ id: authorId }) }), {
      server: {
        'GET /api/presence': {
          body: { items: [{ user_id: authorId, status: 'online', online_at: null, last_seen_at: null }] },
        },
      },
    });

    const author = await screen.findByRole('region', { name: 'About the author' });
    expect(await within(author).findByText('Online')).toBeInTheDocument();
  });

  it('names a removed author "deleted member" without a profile link', async () => {
    renderPost(buildPost({ id: 'p_1', author: buildAuthor({ username: 'deleted-1a2b', deleted: true }) }));

    const author = await screen.findByRole('region', { name: 'About the author' });
    expect(author).toHaveTextContent('deleted member');
    expect(within(author).queryByRole('link')).not.toBeInTheDocument();
  });

  it('collapses a post by a blocked member until asked to show it', async () => {
    const { user } = renderPost(
      buildPost({ id: 'p_1', content: 'Buy my spam', author: buildAuthor({ blocked_by_viewer: true }) }),
    );

    expect(await screen.findByText('Post by a member you blocked')).toBeInTheDocument();
    expect(screen.queryByText('Buy my spam')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText('Buy my spam')).toBeInTheDocument();
  });

  it('tells the author when moderation hid the post', async () => {
    renderPost(
      buildPost({
        id: 'p_1',
        status: 'hidden',
        moderation_reason: 'Off-topic advertising',
        author: memberAuthor,
        can_edit: true,
        can_delete: true,
      }),
    );

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Hidden by moderation');
    expect(banner).toHaveTextContent('Reason: Off-topic advertising');
  });

  it('copies the link when the device cannot share', async () => {
    const { user } = renderPost(buildPost({ id: 'p_1' }));
    expect(navigator.share).toBeUndefined();

    await user.click(await screen.findByRole('button', { name: 'Share' }));

    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/forum/post/p_1`);
  });
});

describe('post likes', () => {
  it('toggles the like with its count', async () => {
    let active = false;
    const { user, server } = renderPost(buildPost({ id: 'p_1', likes_count: 3, liked: false }), {
      server: {
        'POST /api/forum/posts/p_1/like': () => {
          active = !active;
          return { body: { active, count: active ? 4 : 3 } };
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Best leader for clear water?' });
    expect(likePostButton()).toHaveAttribute('aria-pressed', 'false');
    expect(likePostButton()).toHaveAccessibleName('Like this post, 3 likes');

    await user.click(likePostButton());
    await waitFor(() => expect(likePostButton()).toHaveAccessibleName('Like this post, 4 likes'));
    expect(likePostButton()).toHaveAttribute('aria-pressed', 'true');

    await user.click(likePostButton());
    await waitFor(() => expect(likePostButton()).toHaveAttribute('aria-pressed', 'false'));
    expect(likePostButton()).toHaveAccessibleName('Like this post, 3 likes');
    expect(server.calls('POST', '/api/forum/posts/p_1/like')).toHaveLength(2);
  });

  it('puts the like back when it fails', async () => {
    const { user } = renderPost(buildPost({ id: 'p_1', likes_count: 3 }), {
      server: {
        'POST /api/forum/posts/p_1/like': apiError(429, 'RATE_LIMITED', 'Too many likes. Try again soon.'),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Best leader for clear water?' });

    await user.click(likePostButton());

    expect(await screen.findByText('Too many likes. Try again soon.')).toBeInTheDocument();
    expect(likePostButton()).toHaveAccessibleName('Like this post, 3 likes');
    expect(likePostButton()).toHaveAttribute('aria-pressed', 'false');
  });

  it('asks a guest to sign in to like', async () => {
    const { user, server } = renderPost(buildPost({ id: 'p_1' }), { session: guestSession });
    await screen.findByRole('heading', { level: 1, name: 'Best leader for clear water?' });

    await user.click(likePostButton());

    const prompt = screen.getByText(FORUM_MESSAGES.loginToLikePost).closest('p');
    expect(prompt).not.toBeNull();
    expect(within(prompt as HTMLElement).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
    expect(server.calls('POST', '/api/forum/posts/p_1/like')).toHaveLength(0);
  });
});

describe('comments', () => {
  it('asks a guest to sign in to comment or like a comment', async () => {
    const comment = buildComment({ content: 'Fluoro every time' });
    const { user, server } = renderPost(buildPost({ id: 'p_1', comments: [comment] }), {
      session: guestSession,
    });

    expect(await screen.findByText(FORUM_MESSAGES.loginToComment)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Add a comment' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');

    const list = screen.getByRole('list', { name: 'Comments' });
    await user.click(within(list).getByRole('button', { name: /^Like this comment/ }));

    expect(within(list).getByText(FORUM_MESSAGES.loginToLikeComment)).toBeInTheDocument();
    expect(server.calls('POST', `/api/forum/comments/${comment.id}/like`)).toHaveLength(0);
  });

  it('lists comments with their likes, which members toggle', async () => {
    const comment = buildComment({ id: 'c_1', content: 'Use **6 lb** fluoro', likes_count: 1 });
    const { user } = renderPost(buildPost({ id: 'p_1', comments: [comment] }), {
      server: { 'POST /api/forum/comments/c_1/like': { body: { active: true, count: 2 } } },
    });

    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(screen.getByRole('heading', { name: 'Comments (1)' })).toBeInTheDocument();
    expect(within(list).getByText('6 lb').tagName).toBe('STRONG');
    expect(within(list).getByRole('link', { name: 'trout_tess' })).toHaveAttribute('href', '/profile/u_3');

    await user.click(within(list).getByRole('button', { name: 'Like this comment, 1 like' }));

    const liked = await within(list).findByRole('button', { name: 'Like this comment, 2 likes' });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
  });

  it('adds a comment and clears the box', async () => {
    const added = buildComment({ id: 'c_new', content: 'Thanks, trying it Sunday', author: memberAuthor });
    const { user, server } = renderPost(buildPost({ id: 'p_1', comments: [] }), {
      server: { 'POST /api/forum/posts/p_1/comments': { status: 201, body: added } },
    });
    expect(await screen.findByText('No comments yet. Be the first to reply.')).toBeInTheDocument();
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });

    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(box).toHaveAccessibleDescription(expect.stringContaining(FORUM_MESSAGES.commentRequired));
    expect(server.calls('POST', '/api/forum/posts/p_1/comments')).toHaveLength(0);

    await user.type(box, '  Thanks, trying it Sunday ');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));

    expect(await screen.findByText(COMMENT_ADDED)).toBeInTheDocument();
    expect(server.calls('POST', '/api/forum/posts/p_1/comments')[0]?.body).toEqual({
      content: 'Thanks, trying it Sunday',
    });
    const list = screen.getByRole('list', { name: 'Comments' });
    expect(within(list).getByText('Thanks, trying it Sunday')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(screen.getByRole('heading', { name: 'Comments (1)' })).toBeInTheDocument();
  });

  it('loads a long topic’s later comments page after page and shows them all in order', async () => {
    const first = buildComment({ id: 'c_1', content: 'First page comment' });
    const later = buildComment({ id: 'c_2', content: 'Later page comment, ask @riverrat' });
    renderPost(buildPost({ id: 'p_1', comments: [first], comments_next: 'c_1' }), {
      server: {
        'GET /api/forum/posts/p_1/comments': {
          body: { items: [later], next: null, mentioned_members: [{ id: 'u_r', username: 'riverrat' }] },
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(await within(list).findByText('Later page comment, ask')).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('article')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('First page comment'), expect.stringContaining('Later page comment')]);
    expect(within(list).getByRole('link', { name: '@riverrat' })).toHaveAttribute('href', '/profile/u_r');
    expect(screen.getByRole('heading', { name: 'Comments (2)' })).toBeInTheDocument();
  });

  it('puts back the reply draft kept on the server, with the comment it answers, and saves changes', async () => {
    const answered = buildComment({ id: 'c_1', content: 'Try a Palomar knot.' });
    const { user, server } = renderPost(buildPost({ id: 'p_1', comments: [answered] }), {
      server: {
        'GET /api/forum/posts/p_1/draft': {
          body: {
            draft: {
              content: 'A Palomar on braid',
              reply_to_id: 'c_1',
              updated_at: '2026-11-27T10:00:00.000Z',
            },
          },
        },
        'PUT /api/forum/posts/p_1/draft': (request) => ({
          body: { draft: { ...(request.body as object), updated_at: '2026-11-28T10:00:00.000Z' } },
        }),
      },
    });
    const box = await screen.findByRole('textbox', { name: `Reply to @${answered.author.username}` });
    await waitFor(() => expect(box).toHaveValue('A Palomar on braid'));
    // Putting it back does not move the page to the box.
    expect(box).not.toHaveFocus();
    expect(screen.getByText('Draft restored')).toBeInTheDocument();

    await user.type(box, ' slips.');
    expect(await screen.findByText('Draft saved', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(server.calls('PUT', '/api/forum/posts/p_1/draft').map((call) => call.body)).toEqual([
      { content: 'A Palomar on braid slips.', reply_to_id: 'c_1' },
    ]);
  });

  it('deletes an own comment after confirming', async () => {
    const own = buildComment({
      id: 'c_1',
      content: 'Oops, wrong thread',
      author: memberAuthor,
      can_delete: true,
    });
    const other = buildComment({ id: 'c_2', content: 'Not yours' });
    const { user, server } = renderPost(buildPost({ id: 'p_1', comments: [own, other] }), {
      server: { 'DELETE /api/forum/comments/c_1': { body: { message: FORUM_MESSAGES.commentDeleted } } },
    });
    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(await within(list).findAllByRole('button', { name: 'Delete comment' })).toHaveLength(1);

    await user.click(within(list).getByRole('button', { name: 'Delete comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete comment' }));

    expect(await screen.findByText(FORUM_MESSAGES.commentDeleted)).toBeInTheDocument();
    expect(screen.queryByText('Oops, wrong thread')).not.toBeInTheDocument();
    expect(screen.getByText('Not yours')).toBeInTheDocument();
    expect(server.calls('DELETE', '/api/forum/comments/c_1')).toHaveLength(1);
  });

  it('keeps the comment and says so when deleting fails', async () => {
    const own = buildComment({ id: 'c_1', content: 'Still here', author: memberAuthor, can_delete: true });
    const { user } = renderPost(buildPost({ id: 'p_1', comments: [own] }), {
      server: { 'DELETE /api/forum/comments/c_1': apiError(500, 'INTERNAL', 'Boom') },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });

    await user.click(within(dialog).getByRole('button', { name: 'Delete comment' }));

    expect(await screen.findByText(FORUM_MESSAGES.deleteCommentFailed)).toBeInTheDocument();
    expect(screen.getByText('Still here')).toBeInTheDocument();
  });

  it('collapses a comment by a blocked member', async () => {
    renderPost(
      buildPost({
        id: 'p_1',
        comments: [buildComment({ content: 'Rude words', author: buildAuthor({ blocked_by_viewer: true }) })],
      }),
    );

    expect(await screen.findByText('Comment by a member you blocked')).toBeInTheDocument();
    expect(screen.queryByText('Rude words')).not.toBeInTheDocument();
  });

  it("shows a blocked member's comment that a link points at, and moves the focus to it", async () => {
    const blocked = buildAuthor({ username: 'rude_rod', blocked_by_viewer: true });
    renderPost(
      buildPost({
        id: 'p_1',
        comments: [
          buildComment({ id: 'c_1', content: 'Rude words', author: blocked }),
          buildComment({ id: 'c_2', content: 'More rude words', author: blocked }),
        ],
      }),
      { initialEntry: '/forum/post/p_1#comment-c_2' },
    );

    const linked = await screen.findByRole('article', { name: 'Comment by rude_rod' });
    expect(linked).toHaveTextContent('More rude words');
    await waitFor(() => expect(linked).toHaveFocus());
    expect(screen.getByText('Comment by a member you blocked')).toBeInTheDocument();
    expect(screen.queryByText('Rude words')).not.toBeInTheDocument();
  });
});

describe('replies, quotes and mentions', () => {
  const first = buildAuthor({ id: 'u_7', username: 'fly_fran', full_name: null });
  const second = buildAuthor({ id: 'u_8', username: 'jig_jon', full_name: null });

  it('shows replies under their thread, saying whom a deeper reply answers, and links mentions', async () => {
    const top = buildComment({ id: 'c_top', author: first, content: 'Six feet of fluoro.' });
    const reply = buildComment({
      id: 'c_reply',
      author: second,
      content: 'Ask @Fly_Fran, or @nobody.',
      thread_id: 'c_top',
      reply_to: { id: 'c_top', author_username: 'fly_fran' },
    });
    const deeper = buildComment({
      id: 'c_deeper',
      author: memberAuthor,
      content: 'Depends.',
      thread_id: 'c_top',
      reply_to: { id: 'c_reply', author_username: 'jig_jon' },
    });
    renderPost(
      buildPost({
        id: 'p_1',
        comments: [top, reply, deeper],
        mentioned_members: [{ id: 'u_7', username: 'fly_fran' }],
      }),
    );
    const replies = await screen.findByRole('list', { name: 'Replies to fly_fran' });
    expect(
      within(replies)
        .getAllByRole('article')
        .map((a) => a.id),
    ).toEqual(['comment-c_reply', 'comment-c_deeper']);
    expect(within(replies).getByRole('link', { name: 'in reply to @jig_jon' })).toHaveAttribute(
      'href',
      '#comment-c_reply',
    );
    // The direct reply needs no "in reply to": it sits under the comment it answers.
    expect(within(replies).queryByRole('link', { name: 'in reply to @fly_fran' })).toBeNull();
    expect(within(replies).getByRole('link', { name: '@Fly_Fran' })).toHaveAttribute('href', '/profile/u_7');
    expect(within(replies).queryByRole('link', { name: '@nobody' })).toBeNull();
  });

  it('replies to a comment, sending whom it answers, and can go back to a comment on the topic', async () => {
    const TOP_ID = '0b6f8a52-3c1e-4d7a-9f20-5e8d1c2b3a41';
    const top = buildComment({ id: TOP_ID, author: first, content: 'Six feet of fluoro.' });
    const added = buildComment({
      id: 'c_new',
      author: memberAuthor,
      content: 'Why six?',
      thread_id: TOP_ID,
      reply_to: { id: TOP_ID, author_username: 'fly_fran' },
    });
    const { user, server } = renderPost(buildPost({ id: 'p_1', comments: [top] }), {
      server: { 'POST /api/forum/posts/p_1/comments': { status: 201, body: added } },
    });
    await user.click(await screen.findByRole('button', { name: 'Reply to fly_fran' }));
    const box = await screen.findByRole('textbox', { name: 'Reply to @fly_fran' });
    await waitFor(() => expect(box).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Cancel reply' }));
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reply to fly_fran' }));
    await user.type(screen.getByRole('textbox', { name: 'Reply to @fly_fran' }), 'Why six?');
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    await screen.findByText(COMMENT_ADDED);
    expect(server.calls('POST', '/api/forum/posts/p_1/comments')[0]?.body).toEqual({
      content: 'Why six?',
      reply_to_id: TOP_ID,
    });
    expect(
      within(screen.getByRole('list', { name: 'Replies to fly_fran' })).getByText('Why six?'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('');
  });

  it('quotes a whole comment, or only the words selected in it', async () => {
    const top = buildComment({
      id: 'c_top',
      author: first,
      content: '> [@old wrote](#post):\n> earlier words\n\nSix feet of fluoro. Tie an FG knot.',
    });
    const { user } = renderPost(buildPost({ id: 'p_1', comments: [top] }));
    await user.click(await screen.findByRole('button', { name: 'Quote fly_fran' }));
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    expect(box).toHaveValue(
      '> [@fly_fran wrote](#comment-c_top):\n> Six feet of fluoro. Tie an FG knot.\n\n',
    );
    await waitFor(() => expect(box).toHaveFocus());

    await user.clear(box);
    const words = screen.getByText(/Six feet of fluoro/).firstChild!;
    const range = document.createRange();
    range.setStart(words, 0);
    range.setEnd(words, 'Six feet of fluoro.'.length);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
    await user.click(screen.getByRole('button', { name: 'Quote fly_fran' }));
    expect(box).toHaveValue('> [@fly_fran wrote](#comment-c_top):\n> Six feet of fluoro.\n\n');
  });

  it('offers members to mention after @, chosen with the keyboard', async () => {
    const { user, server } = renderPost(buildPost({ id: 'p_1', comments: [] }), {
      server: {
        'GET /api/profiles/search': {
          body: {
            items: [
              { id: 'u_7', username: 'fly_fran', full_name: 'Fran Fly', avatar_url: null },
              { id: 'u_9', username: 'fly_fred', full_name: null, avatar_url: null },
            ],
          },
        },
      },
    });
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await user.type(box, 'Thanks @fly');
    const options = within(await screen.findByRole('listbox', { name: 'Members to mention' })).getAllByRole(
      'option',
    );
    expect(options.map((o) => o.textContent)).toEqual(['@fly_franFran Fly', '@fly_fred']);
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(
      server.fetch.mock.calls.some(([input]) => String(input).includes('/api/profiles/search?q=fly')),
    ).toBe(true);
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Thanks @fly_fred ');
    expect(screen.queryByRole('listbox')).toBeNull();

    await user.type(box, 'and @fly');
    await screen.findByRole('listbox', { name: 'Members to mention' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveValue('Thanks @fly_fred and @fly');
  });
  it('keeps what is typed right after a pick after the mention, even before the next frame', async () => {
    const { user } = renderPost(buildPost({ id: 'p_1', comments: [] }), {
      server: {
        'GET /api/profiles/search': {
          body: { items: [{ id: 'u_7', username: 'fly_fran', full_name: 'Fran Fly', avatar_url: null }] },
        },
      },
    });
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await user.type(box, 'Thanks, tight lines');
    await user.type(box, ' @fly', { initialSelectionStart: 6, initialSelectionEnd: 6 });
    await screen.findByRole('listbox', { name: 'Members to mention' });
    // A busy page: the next animation frame has not come when the member types on.
    await beforeTheNextFrame(() => user.keyboard('{Enter}so'));
    expect(box).toHaveValue('Thanks @fly_fran so, tight lines');
  });
});

describe('reading, pins and locks', () => {
  it('records reading, and offers a jump to the first unread comment', async () => {
    const unread = buildComment({ id: 'c_unread', content: 'Something new' });
    const { user, server } = renderPost(
      buildPost({
        id: 'p_1',
        comments: [buildComment({ id: 'c_old' }), unread],
        first_unread_comment_id: 'c_unread',
      }),
      { server: { 'PUT /api/forum/posts/p_1/read': { status: 204 } } },
    );
    await user.click(await screen.findByRole('link', { name: 'Jump to first unread comment' }));
    await waitFor(() => expect(document.getElementById('comment-c_unread')).toHaveFocus());
    // Opening reads the post; the comments on the page are read once the reading rests.
    await waitFor(() =>
      expect(server.calls('PUT', '/api/forum/posts/p_1/read').map((call) => call.body)).toEqual([
        {},
        { comment_id: 'c_unread' },
      ]),
    );
  });

  it('says so when a link points at a comment the topic no longer shows', async () => {
    renderPost(buildPost({ id: 'p_1', comments: [buildComment({ id: 'c_1' })] }), {
      initialEntry: '/forum/post/p_1#comment-c_gone',
      server: { 'PUT /api/forum/posts/p_1/read': { status: 204 } },
    });
    expect(await screen.findByText(FORUM_MESSAGES.linkedCommentGone)).toBeInTheDocument();
    expect(screen.getByText(FORUM_MESSAGES.linkedCommentGone).closest('[role="status"]')).not.toBeNull();
    expect(document.getElementById('comment-c_1')).not.toHaveFocus();
  });

  it('tells members a locked topic takes no comments, and lets staff pin and lock', async () => {
    const locked = buildPost({ id: 'p_1', locked: true, comments: [buildComment({ id: 'c_1' })] });
    renderPost(locked);
    expect(await screen.findByText(FORUM_MESSAGES.topicLocked)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Add a comment' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reply to/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pin' })).toBeNull();
  });

  it('lets forum staff pin a topic', async () => {
    const post = buildPost({ id: 'p_1', can_moderate: true });
    const { user, server } = renderPost(post, {
      server: { 'POST /api/forum/posts/p_1/pin': { body: { ...post, pinned: true } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Pin' }));
    expect(await screen.findByText('Topic pinned')).toBeInTheDocument();
    expect(server.calls('POST', '/api/forum/posts/p_1/pin')[0]?.body).toEqual({ pinned: true });
    expect(screen.getByRole('button', { name: 'Unpin' })).toBeInTheDocument();
    expect(screen.getByText(/Pinned in/)).toBeInTheDocument();
  });
});

describe('own post', () => {
  const own = () =>
    buildPost({
      id: 'p_1',
      title: 'Old title',
      category: 'Gear Talk',
      content: 'Old text',
      author: memberAuthor,
      can_edit: true,
      can_delete: true,
    });

  it('hides Edit and Delete from other members', async () => {
    renderPost(buildPost({ id: 'p_1' }));
    await screen.findByRole('heading', { level: 1, name: 'Best leader for clear water?' });

    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('edits the post in the composer', async () => {
    const post = own();
    const { user, server } = renderPost(post, {
      server: {
        'PATCH /api/forum/posts/p_1': ({ body }) => ({ body: { ...post, ...(body as object) } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Old title');
    expect(within(dialog).getByRole('textbox', { name: 'Content' })).toHaveValue('Old text');

    await user.clear(title);
    await user.type(title, 'New title');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'New title' })).toBeInTheDocument();
    expect(screen.getByText(POST_UPDATED)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls('PATCH', '/api/forum/posts/p_1')[0]?.body).toEqual({
      title: 'New title',
      category: 'Gear Talk',
      content: 'Old text',
      images: [],
      tags: [],
    });
  });

  it("says 'Failed to update forum post' when saving fails", async () => {
    const { user } = renderPost(own(), {
      server: { 'PATCH /api/forum/posts/p_1': apiError(500, 'INTERNAL', 'Boom') },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });

    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(FORUM_MESSAGES.updatePostFailed);
  });

  it('deletes the post after confirming and returns to the Community', async () => {
    const { user, server } = renderPost(own(), {
      server: { 'DELETE /api/forum/posts/p_1': { status: 204 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });

    await user.click(within(dialog).getByRole('button', { name: 'Delete post' }));

    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/forum');
    expect(screen.getByText(POST_DELETED)).toBeInTheDocument();
    expect(server.calls('DELETE', '/api/forum/posts/p_1')).toHaveLength(1);
  });
});
