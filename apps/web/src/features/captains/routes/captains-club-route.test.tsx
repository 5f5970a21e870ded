import type { CaptainsClubDto } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { member, memberSession } from '../../../test/fixtures';
import { heldAnswer, renderRoute } from '../../../test/render-route';
import { CaptainsClubRoute } from './captains-club-route';

const captainSession = { ...memberSession, user: { ...member, is_captain: true } };

const club: CaptainsClubDto = {
  captains_count: 14,
  newest_captains: [
    {
      id: 'u_7',
      username: 'salt_skipper',
      avatar_url: null,
      title: 'Charter captain',
      location: 'Key West, Florida',
      created_at: '2025-03-01T10:00:00.000Z',
    },
    {
      id: 'u_8',
      username: 'reed_runner',
      avatar_url: '/files/avatars/u_8.webp',
      title: null,
      location: null,
      created_at: '2025-02-01T10:00:00.000Z',
    },
  ],
};

describe("Captain's Club", () => {
  it('shows the number of captains and the newest ones', async () => {
    const held = heldAnswer({ body: club });
    renderRoute(<CaptainsClubRoute />, {
      path: '/captains-club',
      session: captainSession,
      server: {
        'GET /api/captains-club': held.route,
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: "Captain's Club" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('status', { name: "Loading the Captain's Club" })).toBeInTheDocument();
    held.release();

    expect(await screen.findByText('14')).toBeInTheDocument();
    expect(screen.getByText('captains in the club')).toBeInTheDocument();
    const newest = within(screen.getByRole('region', { name: 'Newest captains' }));
    const cards = newest.getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: 'salt_skipper' })).toHaveAttribute(
      'href',
      '/profile/u_7',
    );
    expect(cards[0]).toHaveTextContent('Charter captain');
    expect(cards[0]).toHaveTextContent('Key West, Florida');
    expect(within(cards[1]!).getByRole('link', { name: 'reed_runner' })).toHaveAttribute(
      'href',
      '/profile/u_8',
    );
    await waitFor(() => expect(document.title).toBe("Captain's Club · Castline"));
  });

  it('shows why the club could not be loaded', async () => {
    renderRoute(<CaptainsClubRoute />, {
      path: '/captains-club',
      session: captainSession,
      server: {
        'GET /api/captains-club': apiError(403, 'FORBIDDEN', "The Captain's Club is open to captains only."),
      },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The Captain's Club is open to captains only.",
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows gear alerts under ?tab=notifications without loading the overview', async () => {
    const { server } = renderRoute(<CaptainsClubRoute />, {
      path: '/captains-club',
      initialEntry: '/captains-club?tab=notifications',
      session: captainSession,
    });

    expect(await screen.findByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('heading', { name: 'No product alert notifications' })).toBeInTheDocument();
    expect(screen.getByText(/saved gear searches will appear here/)).toBeInTheDocument();
    expect(server.calls('GET', '/api/captains-club')).toHaveLength(0);
  });
});
