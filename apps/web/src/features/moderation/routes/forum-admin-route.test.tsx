import { FORUM_MESSAGES } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { renderRoute } from '../../../test/render-route';
import { buildAuthor, buildPost } from '../../forum/testing/forum-fixtures';
import {
  buildAdminComment,
  buildAdminPost,
  moderatorSession,
  page,
  queriesTo,
} from '../testing/moderation-fixtures';
import { ForumAdminRoute } from './forum-admin-route';

const POSTS = '/api/admin/forum/posts';
const COMMENTS = '/api/admin/forum/comments';

type Options = NonNullable<Parameters<typeof renderRoute>[1]>;

function renderForumAdmin(options: Options = {}) {
  return renderRoute(<ForumAdminRoute />, {
    path: '/admin/forum',
    session: moderatorSession,
    ...options,
    server: {
      [`GET ${POSTS}`]: { body: page([]) },
      [`GET ${COMMENTS}`]: { body: page([]) },
      ...options.server,
    },
  });
}

describe('Forum administration: posts', () => {
  it('lists posts with status, author, category, reason and counts', async () => {
    const hidden = buildAdminPost({
      id: 'p_1',
      title: 'Cheap reels here',
      status: 'hidden',
      category: 'General',
      moderation_reason: 'Spam links',
      likes_count: 1,
      comments_count: 4,
      author: buildAuthor({ username: 'spammer', full_name: null }),
    });
    renderForumAdmin({ server: { [`GET ${POSTS}`]: { body: page([hidden]) } } });
    const list = await screen.findByRole('list', { name: 'Forum posts' });
    const row = within(list).getByRole('listitem');
    expect(within(row).getByRole('link', { name: 'Cheap reels here' })).toHaveAttribute(
      'href',
      '/forum/post/p_1',
    );
    expect(within(row).getByText('Hidden')).toBeInTheDocument();
    expect(within(row).getByText('General')).toBeInTheDocument();
    expect(within(row).getByText(/@spammer/)).toBeInTheDocument();
    expect(within(row).getByText('Spam links')).toBeInTheDocument();
    expect(within(row).getByText('1 like')).toBeInTheDocument();
    expect(within(row).getByText('4 comments')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Publish again: Cheap reels here' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Posts' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends the status, search and page from the address', async () => {
    const view = renderForumAdmin({
      initialEntry: '/admin/forum?status=flagged&q=reel&page=2',
      server: { [`GET ${POSTS}`]: { body: page([buildAdminPost()], 30, 2) } },
    });
    await screen.findByRole('list', { name: 'Forum posts' });
    const first = queriesTo(view.server.fetch, POSTS)[0]!;
    expect(first.get('status')).toBe('flagged');
    expect(first.get('q')).toBe('reel');
    expect(first.get('page')).toBe('2');
    expect(first.get('pageSize')).toBe('10');
    expect(screen.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('reel');

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '');
    expect(view.router.state.location.search).toBe('?q=reel');
    await waitFor(() => expect(queriesTo(view.server.fetch, POSTS).at(-1)?.has('status')).toBe(false));

    const search = screen.getByRole('searchbox', { name: 'Search posts' });
    await view.user.clear(search);
    await view.user.type(search, 'pike{Enter}');
    expect(view.router.state.location.search).toBe('?q=pike');
  });

  it('shows empty and error states', async () => {
    let answer = apiError(500, 'INTERNAL', FORUM_MESSAGES.fetchForumPostsFailed);
    const view = renderForumAdmin({ server: { [`GET ${POSTS}`]: () => answer } });
    expect(await screen.findByText('Failed to fetch forum posts')).toBeInTheDocument();
    answer = { body: page([]) } as typeof answer;
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No forum posts yet' })).toBeInTheDocument();
  });

  it('hides a post, and says when that fails', async () => {
    const post = buildAdminPost({ id: 'p_1', title: 'Pike on the fly' });
    let fail = false;
    const view = renderForumAdmin({
      server: {
        [`GET ${POSTS}`]: { body: page([post]) },
        'PATCH /api/forum/posts/p_1': () =>
          fail ? apiError(500, 'INTERNAL', 'x') : { body: buildPost({ id: 'p_1', status: 'hidden' }) },
      },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Hide: Pike on the fly' }));
    expect(await screen.findByText('Post hidden')).toBeInTheDocument();
    expect(view.server.calls('PATCH', '/api/forum/posts/p_1')[0]?.body).toEqual({ status: 'hidden' });

    fail = true;
    await waitFor(() => expect(screen.getByRole('button', { name: 'Hide: Pike on the fly' })).toBeEnabled());
    await view.user.click(screen.getByRole('button', { name: 'Hide: Pike on the fly' }));
    expect(await screen.findByText('Failed to update forum post')).toBeInTheDocument();
  });

  it('edits a post: title, category, content and status', async () => {
    const post = buildAdminPost({ id: 'p_1', title: 'Pike on the fly' });
    const full = buildPost({
      id: 'p_1',
      title: 'Pike on the fly',
      category: 'Gear Talk',
      content: 'Ten fish.',
    });
    let fail = true;
    const view = renderForumAdmin({
      server: {
        [`GET ${POSTS}`]: { body: page([post]) },
        'GET /api/forum/posts/p_1': { body: full },
        'PATCH /api/forum/posts/p_1': () => (fail ? apiError(500, 'INTERNAL', 'x') : { body: full }),
      },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Edit Pike on the fly' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit forum post' });
    const title = await within(dialog).findByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Pike on the fly');
    expect(within(dialog).getByRole('textbox', { name: 'Content' })).toHaveValue('Ten fish.');
    await view.user.clear(title);
    await view.user.type(title, 'Pike on a streamer');
    await view.user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Category' }),
      'Fishing Reports',
    );
    await view.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'flagged');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findAllByText('Failed to update forum post')).not.toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    fail = false;
    await view.user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Post updated')).toBeInTheDocument();
    expect(view.server.calls('PATCH', '/api/forum/posts/p_1').at(-1)?.body).toEqual({
      title: 'Pike on a streamer',
      category: 'Fishing Reports',
      content: 'Ten fish.',
      status: 'flagged',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('checks the fields before saving', async () => {
    const post = buildAdminPost({ id: 'p_1', title: 'Pike on the fly' });
    const view = renderForumAdmin({
      server: {
        [`GET ${POSTS}`]: { body: page([post]) },
        'GET /api/forum/posts/p_1': { body: buildPost({ id: 'p_1' }) },
      },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Edit Pike on the fly' }));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await view.user.clear(title);
    await view.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText(FORUM_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(view.server.calls('PATCH', '/api/forum/posts/p_1')).toHaveLength(0);
  });

  it('disables changes without forum.manage', async () => {
    const user = moderatorSession.user!;
    renderForumAdmin({
      session: { ...moderatorSession, user: { ...user, permissions: ['content.moderate'] } },
      server: { [`GET ${POSTS}`]: { body: page([buildAdminPost({ title: 'Pike' })]) } },
    });
    expect(await screen.findByRole('button', { name: 'Hide: Pike' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Edit Pike' })).toBeDisabled();
    expect(screen.getByText(/needs the/)).toBeInTheDocument();
  });
});

describe('Forum administration: comments', () => {
  it('lists comments newest first on the Comments tab', async () => {
    const view = renderForumAdmin({
      initialEntry: '/admin/forum?tab=comments&q=spam&page=2',
      server: { [`GET ${COMMENTS}`]: { body: page([buildAdminComment({ post_id: 'p_1' })], 11, 2) } },
    });
    const list = await screen.findByRole('list', { name: 'Forum comments' });
    const row = within(list).getByRole('listitem');
    expect(within(row).getByRole('link', { name: 'Best leader for clear water?' })).toHaveAttribute(
      'href',
      '/forum/post/p_1',
    );
    expect(within(row).getByText('Buy cheap reels at spam.example')).toBeInTheDocument();
    expect(within(row).getByText(/@trout_tess/)).toBeInTheDocument();
    expect(within(row).getByText('Published')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Comments' })).toHaveAttribute('aria-current', 'page');
    const query = queriesTo(view.server.fetch, COMMENTS)[0]!;
    expect(query.get('q')).toBe('spam');
    expect(query.get('page')).toBe('2');
    expect(queriesTo(view.server.fetch, POSTS)).toHaveLength(0);

    await view.user.click(screen.getByRole('link', { name: 'Posts' }));
    expect(view.router.state.location.search).toBe('');
  });

  it('shows empty and error states', async () => {
    let answer = apiError(500, 'INTERNAL', 'Comments could not load');
    const view = renderForumAdmin({
      initialEntry: '/admin/forum?tab=comments',
      server: { [`GET ${COMMENTS}`]: () => answer },
    });
    expect(await screen.findByText('Comments could not load')).toBeInTheDocument();
    answer = { body: page([]) } as typeof answer;
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No comments yet' })).toBeInTheDocument();
  });

  it('deletes a comment after confirming', async () => {
    let answer = apiError(500, 'INTERNAL', 'x');
    const view = renderForumAdmin({
      initialEntry: '/admin/forum?tab=comments',
      server: {
        [`GET ${COMMENTS}`]: { body: page([buildAdminComment({ id: 'c_1' })]) },
        'DELETE /api/forum/comments/c_1': () => answer,
      },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Delete comment by @trout_tess' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    expect(view.server.calls('DELETE', '/api/forum/comments/c_1')).toHaveLength(0);
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete comment' }));
    expect(await screen.findByText('Failed to delete comment')).toBeInTheDocument();

    answer = { body: { message: FORUM_MESSAGES.commentDeleted } } as typeof answer;
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete comment' }));
    expect(await screen.findByText('Comment deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
