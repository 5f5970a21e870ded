import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { guestSession } from '../../../test/fixtures';
import { heldAnswer, renderRoute } from '../../../test/render-route';
import { ForumPostRoute } from './forum-post-route';

function renderPost(options: NonNullable<Parameters<typeof renderRoute>[1]>) {
  return renderRoute(<ForumPostRoute />, { path: '/forum/post/:postId', session: guestSession, ...options });
}

describe('forum post page', () => {
  it("says 'Post not found' with a way back to the Community", async () => {
    renderPost({
      initialEntry: '/forum/post/p_404',
      server: { 'GET /api/forum/posts/p_404': apiError(404, 'NOT_FOUND', 'Not found') },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Community' })).toHaveAttribute('href', '/forum');
    await waitFor(() => expect(document.title).toBe('Post not found · Castline'));
  });

  it('shows a skeleton while loading, then the post', async () => {
    const held = heldAnswer({
      body: { id: 'p_1', title: 'Best leader for clear water?', content: 'Fluoro or mono?' },
    });
    renderPost({
      initialEntry: '/forum/post/p_1',
      server: {
        'GET /api/forum/posts/p_1': held.route,
      },
    });

    expect(await screen.findByRole('status', { name: 'Loading post' })).toBeInTheDocument();
    held.release();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Best leader for clear water?' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Fluoro or mono?')).toBeInTheDocument();
  });

  it('shows any other failure', async () => {
    renderPost({
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
    expect(screen.getByRole('link', { name: 'Back to Community' })).toHaveAttribute('href', '/forum');
  });
});
