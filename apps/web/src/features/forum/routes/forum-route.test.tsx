import { FORUM_LIMITS, FORUM_MESSAGES } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { guestSession } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { forumKeys } from '../api/forum-keys';
import { OPEN_CREATE_POST_FLAG, setOpenCreatePostFlag, takeOpenCreatePostFlag } from '../create-post-flag';
import { buildAuthor, buildPostSummary, postList, quietSidebar } from '../testing/forum-fixtures';
import { ForumRoute } from './forum-route';

afterEach(() => window.localStorage.clear());

type Options = NonNullable<Parameters<typeof renderRoute>[1]>;

function renderForum(options: Options = {}) {
  return renderRoute(<ForumRoute />, {
    path: '/forum',
    ...options,
    server: { ...quietSidebar, 'GET /api/forum/posts': { body: postList([]) }, ...options.server },
  });
}

/** The query strings the page sent to one endpoint, in order. */
function queriesTo(view: ReturnType<typeof renderRoute>, path: string): URLSearchParams[] {
  return view.server.fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

const postsList = () => screen.getByRole('list', { name: 'Posts' });

describe('create-post flag', () => {
  it('is read once', () => {
    expect(takeOpenCreatePostFlag()).toBe(false);
    setOpenCreatePostFlag();
    expect(window.localStorage.getItem(OPEN_CREATE_POST_FLAG)).not.toBeNull();
    expect(takeOpenCreatePostFlag()).toBe(true);
    expect(takeOpenCreatePostFlag()).toBe(false);
  });
});

describe('Community page', () => {
  it('lists posts newest first as cards', async () => {
    const pike = buildPostSummary({
      id: 'p_1',
      title: 'Pike on the fly',
      excerpt: 'Ten fish in two hours.',
      category: 'Fishing Reports',
      likes_count: 12,
      comments_count: 1,
      images: ['/files/forum-images/pike.webp'],
      author: buildAuthor({ id: 'u_2', username: 'pike_hunter' }),
    });
    const gone = buildPostSummary({
      id: 'p_2',
      title: 'Selling my old reel?',
      author: buildAuthor({ id: 'u_9', username: 'deleted-1a2b', deleted: true }),
    });
    const view = renderForum({
      session: guestSession,
      server: { 'GET /api/forum/posts': { body: postList([pike, gone]) } },
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Community' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Pike on the fly' })).toHaveAttribute(
      'href',
      '/forum/post/p_1',
    );
    const cards = within(postsList()).getAllByRole('article');
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Fishing Reports');
    expect(first).toHaveTextContent('Ten fish in two hours.');
    expect(first).toHaveTextContent('12 likes');
    expect(first).toHaveTextContent('1 comment');
    expect(within(first).getByRole('link', { name: 'pike_hunter' })).toHaveAttribute('href', '/profile/u_2');
    expect(first.querySelector('img[src^="/files/forum-images/pike.webp"]')).not.toBeNull();
    expect(second).toHaveTextContent('deleted member');
    expect(within(second).queryByRole('link', { name: /deleted/ })).not.toBeInTheDocument();
    expect(screen.getByText('2 posts')).toHaveAttribute('role', 'status');
    expect(queriesTo(view, '/api/forum/posts')[0]?.toString()).toBe(
      `page=1&pageSize=${FORUM_LIMITS.pageSize}`,
    );
    await waitFor(() => expect(document.title).toBe('Community · Castline'));
  });

  it('shows skeletons while the posts load', async () => {
    renderForum({ server: { 'GET /api/forum/posts': () => new Promise(() => {}) } });

    expect(await screen.findByRole('status', { name: 'Loading posts' })).toBeInTheDocument();
  });

  it('reads the category, search and page from the address', async () => {
    const view = renderForum({
      initialEntry: '/forum?category=Gear+Talk&q=leader&page=2',
      server: {
        'GET /api/forum/posts': { body: postList([buildPostSummary()], { total: 21, page: 2 }) },
        'GET /api/forum/categories': { body: { items: [{ category: 'Gear Talk', count: 21 }] } },
      },
    });

    expect(
      await within(await screen.findByRole('list', { name: 'Posts' })).findAllByRole('article'),
    ).toHaveLength(1);
    const [sent] = queriesTo(view, '/api/forum/posts');
    expect(sent?.get('category')).toBe('Gear Talk');
    expect(sent?.get('q')).toBe('leader');
    expect(sent?.get('page')).toBe('2');
    expect(screen.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('leader');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Gear Talk'));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('filters by category in the address and starts again at page 1', async () => {
    const view = renderForum({
      initialEntry: '/forum?page=3',
      server: {
        'GET /api/forum/posts': { body: postList([buildPostSummary()], { total: 60, page: 3 }) },
        'GET /api/forum/categories': {
          body: {
            items: [
              { category: 'Gear Talk', count: 30 },
              { category: 'How-To', count: 4 },
            ],
          },
        },
      },
    });
    const select = screen.getByRole('combobox', { name: 'Category' });
    await screen.findByRole('option', { name: 'How-To (4)' });

    await view.user.selectOptions(select, 'How-To');

    expect(view.router.state.location.search).toBe('?category=How-To');
    await waitFor(() => expect(queriesTo(view, '/api/forum/posts').at(-1)?.get('category')).toBe('How-To'));
    expect(queriesTo(view, '/api/forum/posts').at(-1)?.get('page')).toBe('1');
  });

  it('searches a moment after typing stops', async () => {
    const view = renderForum({
      server: { 'GET /api/forum/posts': { body: postList([buildPostSummary()]) } },
    });
    await screen.findByRole('list', { name: 'Posts' });

    await view.user.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'braid knots');

    expect(queriesTo(view, '/api/forum/posts').some((query) => query.has('q'))).toBe(false);
    await waitFor(() => expect(view.router.state.location.search).toBe('?q=braid+knots'));
    await waitFor(() => expect(queriesTo(view, '/api/forum/posts').at(-1)?.get('q')).toBe('braid knots'));
    expect(queriesTo(view, '/api/forum/posts').filter((query) => query.has('q'))).toHaveLength(1);
  });

  it('turns pages with the page navigation', async () => {
    const view = renderForum({
      server: {
        'GET /api/forum/posts': () => ({ body: postList([buildPostSummary()], { total: 45 }) }),
      },
    });
    const nav = await screen.findByRole('navigation', { name: 'Post pages' });
    expect(within(nav).getByText('Page 1 of 3')).toBeInTheDocument();

    await view.user.click(within(nav).getByRole('button', { name: 'Next' }));

    expect(view.router.state.location.search).toBe('?page=2');
    await waitFor(() => expect(queriesTo(view, '/api/forum/posts').at(-1)?.get('page')).toBe('2'));
  });

  it('says when there are no posts yet', async () => {
    renderForum({ session: guestSession });

    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeInTheDocument();
    expect(screen.getByText(/starts the conversation/)).toBeInTheDocument();
  });

  it('says when nothing matches and shows every post again', async () => {
    const view = renderForum({ initialEntry: '/forum?q=marlin' });

    expect(await screen.findByRole('heading', { name: 'No posts match' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Show all posts' }));

    expect(view.router.state.location.search).toBe('');
  });

  it('offers the first page when the address names a page past the end', async () => {
    const view = renderForum({
      initialEntry: '/forum?page=9',
      server: { 'GET /api/forum/posts': { body: postList([], { total: 25, page: 9 }) } },
    });

    expect(await screen.findByRole('heading', { name: 'No posts on this page' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Go to the first page' }));

    expect(view.router.state.location.search).toBe('');
  });

  it("shows the spec's failure text with Retry", async () => {
    let failing = true;
    const view = renderForum({
      server: {
        'GET /api/forum/posts': () =>
          failing
            ? apiError(500, 'INTERNAL', 'An unexpected error occurred. Please try again.')
            : { body: postList([buildPostSummary({ title: 'Back again' })]) },
      },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(FORUM_MESSAGES.fetchPostsFailed);
    failing = false;
    await view.user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('link', { name: 'Back again' })).toBeInTheDocument();
    expect(screen.queryByText(FORUM_MESSAGES.fetchPostsFailed)).not.toBeInTheDocument();
  });

  it('collapses posts by members the viewer blocked until asked to show them', async () => {
    const view = renderForum({
      server: {
        'GET /api/forum/posts': {
          body: postList([
            buildPostSummary({
              title: 'Spam from a blocked member',
              author: buildAuthor({ blocked_by_viewer: true }),
            }),
          ]),
        },
      },
    });

    expect(await screen.findByText('Post by a member you blocked')).toBeInTheDocument();
    expect(screen.queryByText('Spam from a blocked member')).not.toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Show' }));

    expect(screen.getByRole('link', { name: 'Spam from a blocked member' })).toBeInTheDocument();
  });

  it('says when the categories could not be loaded', async () => {
    renderForum({
      server: { 'GET /api/forum/categories': apiError(500, 'INTERNAL', 'Boom') },
    });

    expect(await screen.findByText(FORUM_MESSAGES.fetchCategoriesFailed)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('');
  });
});

describe('Community sidebar', () => {
  it('shows trending posts and the top contributors', async () => {
    const view = renderForum({
      server: {
        'GET /api/forum/trending': {
          body: {
            items: [
              buildPostSummary({ id: 'p_hot', title: 'Biggest carp this year', likes_count: 41 }),
              buildPostSummary({ title: 'Hidden', author: buildAuthor({ blocked_by_viewer: true }) }),
            ],
          },
        },
        'GET /api/forum/top-contributors': {
          body: {
            items: [
              {
                id: 'u_7',
                username: 'reel_queen',
                avatar_url: null,
                posts_count: 12,
                comments_count: 40,
                total_likes: 1,
              },
            ],
          },
        },
      },
    });

    const trending = await screen.findByRole('region', { name: 'Trending' });
    expect(await within(trending).findByRole('link', { name: /Biggest carp this year/ })).toHaveAttribute(
      'href',
      '/forum/post/p_hot',
    );
    expect(within(trending).getByText('41 likes')).toBeInTheDocument();
    expect(within(trending).queryByText('Hidden')).not.toBeInTheDocument();

    const contributors = screen.getByRole('region', { name: 'Top contributors' });
    const member = await within(contributors).findByRole('link', { name: /reel_queen/ });
    expect(member).toHaveAttribute('href', '/profile/u_7');
    expect(member).toHaveTextContent('12 posts · 40 comments · 1 like');

    // Spec 001 §9: refreshed every 2 minutes, stale after 1.
    const query = view.queryClient.getQueryCache().find({ queryKey: forumKeys.topContributors });
    expect(query?.options).toMatchObject({ refetchInterval: 120_000, staleTime: 60_000 });
  });
});

describe('Create Post', () => {
  it('sends a guest to sign in and back here', async () => {
    const view = renderForum({ session: guestSession, initialEntry: '/forum?q=pike' });

    const button = await screen.findByRole('button', { name: 'Create Post' });
    await waitFor(() => expect(button).toBeEnabled());
    await view.user.click(button);

    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/auth/login');
    expect(view.router.state.location.state).toMatchObject({
      from: { pathname: '/forum', search: '?q=pike' },
    });
  });

  it('opens the composer for a member', async () => {
    const view = renderForum();
    const button = await screen.findByRole('button', { name: 'Create Post' });
    await waitFor(() => expect(button).toBeEnabled());

    await view.user.click(button);

    expect(await screen.findByRole('dialog', { name: 'Create Post' })).toBeInTheDocument();
  });

  it("opens the composer when the mobile menu's flag is set", async () => {
    setOpenCreatePostFlag();
    renderForum();

    expect(await screen.findByRole('dialog', { name: 'Create Post' })).toBeInTheDocument();
    expect(window.localStorage.getItem(OPEN_CREATE_POST_FLAG)).toBeNull();
  });

  it('drops the flag for a guest without opening anything', async () => {
    setOpenCreatePostFlag();
    renderForum({ session: guestSession });

    await waitFor(() => expect(screen.getByRole('button', { name: 'Create Post' })).toBeEnabled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(OPEN_CREATE_POST_FLAG)).toBeNull();
  });
});

describe('orders and views', () => {
  it('sorts by Latest or Top over a period, and shows pins, locks and unread counts', async () => {
    const view = renderForum({
      server: {
        'GET /api/forum/posts': {
          body: postList([
            buildPostSummary({
              id: 'p_1',
              title: 'House rules',
              pinned: true,
              locked: true,
              unread_count: 0,
            }),
            buildPostSummary({ id: 'p_2', title: 'Ice out on Mille Lacs', unread_count: 3 }),
            buildPostSummary({ id: 'p_3', title: 'First fly rod?', is_new: true }),
          ]),
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Posts' });
    const cards = within(list).getAllByRole('article');
    expect(within(cards[0]!).getByText('Pinned')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Locked')).toBeInTheDocument();
    expect(within(cards[0]!).queryByText(/unread/)).toBeNull();
    expect(within(cards[1]!).getByText('3 unread')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('New')).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Newest' })).toHaveAttribute('aria-pressed', 'true');
    await view.user.click(screen.getByRole('button', { name: 'Latest' }));
    await waitFor(() => expect(queriesTo(view, '/api/forum/posts').at(-1)?.get('sort')).toBe('latest'));
    await view.user.click(screen.getByRole('button', { name: 'Top' }));
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Likes over' }), 'This week');
    await waitFor(() => {
      const last = queriesTo(view, '/api/forum/posts').at(-1);
      expect([last?.get('sort'), last?.get('period')]).toEqual(['top', 'week']);
    });
    expect(view.router.state.location.search).toBe('?sort=top&period=week');

    await view.user.click(screen.getByRole('button', { name: 'Unread' }));
    await waitFor(() => expect(queriesTo(view, '/api/forum/posts').at(-1)?.get('view')).toBe('unread'));
  });

  it('offers guests no views of their own, even from an address', async () => {
    const view = renderForum({ session: guestSession, initialEntry: '/forum?view=unread' });
    await screen.findByRole('button', { name: 'Newest' });
    expect(screen.queryByRole('button', { name: 'Unread' })).toBeNull();
    await waitFor(() => expect(queriesTo(view, '/api/forum/posts').length).toBeGreaterThan(0));
    expect(queriesTo(view, '/api/forum/posts').every((query) => query.get('view') === null)).toBe(true);
  });

  it('says when everything is read', async () => {
    renderForum({ initialEntry: '/forum?view=unread&sort=latest' });
    expect(await screen.findByText('All caught up')).toBeInTheDocument();
  });
});
