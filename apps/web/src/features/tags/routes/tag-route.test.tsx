import type { TagPageDto } from '@castline/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { guestSession } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { buildPostSummary } from '../../forum/testing/forum-fixtures';
import { buildListing } from '../../listings/api/listing-queries.fixtures';
import { TagRoute } from './tag-route';

function tagPage(overrides: Partial<TagPageDto> = {}): TagPageDto {
  return {
    slug: 'trout',
    label: 'Trout',
    group: 'species',
    group_label: 'Species',
    topics_count: 0,
    listings_count: 0,
    topics: [],
    listings: [],
    ...overrides,
  };
}

describe('the tag page', () => {
  it('shows the talk and the gear for the tag, each linking to its whole list', async () => {
    const topic = buildPostSummary({ title: 'Reading a trout stream', tags: ['trout', 'fly'] });
    const listing = buildListing({ title: 'Orvis Clearwater 9ft 5wt fly rod', tags: ['trout', 'fly'] });
    renderRoute(<TagRoute />, {
      path: '/tags/:slug',
      initialEntry: '/tags/trout',
      session: guestSession,
      server: {
        'GET /api/tags/trout': {
          body: tagPage({ topics_count: 7, listings_count: 1, topics: [topic], listings: [listing] }),
        },
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Trout' })).toBeInTheDocument();
    const talk = await screen.findByRole('region', { name: /The talk/ });
    expect(within(talk).getByRole('link', { name: 'Reading a trout stream' })).toHaveAttribute(
      'href',
      `/forum/post/${topic.id}`,
    );
    expect(within(talk).getByRole('link', { name: /All Trout topics/ })).toHaveAttribute(
      'href',
      '/forum?tag=trout',
    );
    const gear = screen.getByRole('region', { name: /The gear/ });
    expect(within(gear).getByRole('link', { name: 'Orvis Clearwater 9ft 5wt fly rod' })).toBeInTheDocument();
    expect(within(gear).getByRole('link', { name: /All Trout gear/ })).toHaveAttribute(
      'href',
      '/marketplace?tags=trout',
    );
    // A topic's own tags link to their tag pages.
    expect(within(talk).getAllByRole('link', { name: 'Fly fishing' })[0]).toHaveAttribute(
      'href',
      '/tags/fly',
    );
    expect(screen.getByText(/7 topics and 1 listing for sale/)).toBeInTheDocument();
  });

  it('says so when a tag has no talk or no gear yet, with the next step', async () => {
    renderRoute(<TagRoute />, {
      path: '/tags/:slug',
      initialEntry: '/tags/halibut',
      session: guestSession,
      server: { 'GET /api/tags/halibut': { body: tagPage({ slug: 'halibut', label: 'Halibut' }) } },
    });
    expect(await screen.findByRole('heading', { name: 'No topics yet' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No gear for sale yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'List your gear' })).toHaveAttribute('href', '/marketplace/new');
  });

  it('tells of a tag Castline does not have, without asking the server', async () => {
    renderRoute(<TagRoute />, { path: '/tags/:slug', initialEntry: '/tags/walrus', session: guestSession });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tag not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all tags' })).toHaveAttribute('href', '/tags');
  });
});
