import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { guestSession } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { OPEN_CREATE_POST_FLAG, setOpenCreatePostFlag, takeOpenCreatePostFlag } from '../create-post-flag';
import { ForumRoute } from './forum-route';

afterEach(() => window.localStorage.clear());

describe('create-post flag', () => {
  it('is read once', () => {
    expect(takeOpenCreatePostFlag()).toBe(false);
    setOpenCreatePostFlag();
    expect(window.localStorage.getItem(OPEN_CREATE_POST_FLAG)).not.toBeNull();
    expect(takeOpenCreatePostFlag()).toBe(true);
    expect(takeOpenCreatePostFlag()).toBe(false);
  });
});

describe('community page', () => {
  it('introduces the community and says no posts are here yet', async () => {
    renderRoute(<ForumRoute />, { path: '/forum', session: guestSession });

    expect(screen.getByRole('heading', { level: 1, name: 'Community' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No posts yet' })).toBeInTheDocument();
    expect(screen.getByText(/starts the conversation/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Post' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Community · Castline'));
  });
});
