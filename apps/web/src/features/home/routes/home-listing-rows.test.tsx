import type { HomeListingsDto } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { guestSession, member, memberSession } from '../../../test/fixtures';
import { heldAnswer } from '../../../test/render-route';
import { renderApp } from '../../../test/render-app';
import { mockServer } from '../../../test/fetch-mock';
import { buildListings, listPage } from '../../listings/api/listing-queries.fixtures';
import { offerPage } from '../../offers/api/offer-fixtures';

function homeRows(overrides: Partial<HomeListingsDto> = {}): HomeListingsDto {
  return {
    featured: buildListings(4, { is_featured: true }),
    newest: buildListings(4),
    recentlySold: buildListings(4, { sold: true }),
    ...overrides,
  };
}

function row(name: string) {
  return within(screen.getByRole('region', { name }));
}

describe('home rows', () => {
  it('shows a guest featured, newest and recently sold gear under the welcome', async () => {
    const rows = homeRows();
    mockServer({
      'GET /api/auth/session': { body: guestSession },
      'GET /api/listings/home': { body: rows },
    });
    renderApp('/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Buy, sell and talk fishing gear.' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Featured gear' })).toBeInTheDocument();
    const headings = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent)
      .filter((text) => ['Featured gear', 'Newest listings', 'Recently sold'].includes(text ?? ''));
    expect(headings).toEqual(['Featured gear', 'Newest listings', 'Recently sold']);

    expect(row('Featured gear').getAllByRole('article')).toHaveLength(4);
    expect(row('Featured gear').getByRole('link', { name: rows.featured[0]?.title })).toHaveAttribute(
      'href',
      `/marketplace/${rows.featured[0]?.id}`,
    );
    expect(row('Newest listings').getAllByRole('article')).toHaveLength(4);
    expect(row('Recently sold').getAllByText('Sold')).toHaveLength(4);

    expect(row('Featured gear').getByRole('link', { name: 'View all featured gear' })).toHaveAttribute(
      'href',
      '/marketplace?featured=true',
    );
    expect(row('Newest listings').getByRole('link', { name: 'View all newest listings' })).toHaveAttribute(
      'href',
      '/marketplace',
    );
    expect(row('Recently sold').getByRole('link', { name: 'View all recently sold' })).toHaveAttribute(
      'href',
      '/marketplace?sold=true',
    );
  });

  it('leaves out a row with nothing in it', async () => {
    mockServer({
      'GET /api/auth/session': { body: guestSession },
      'GET /api/listings/home': { body: homeRows({ featured: [], recentlySold: [] }) },
    });
    renderApp('/');

    const newest = await screen.findByRole('region', { name: 'Newest listings' });
    expect(await within(newest).findAllByRole('article')).toHaveLength(4);
    expect(screen.queryByRole('heading', { name: 'Featured gear' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Recently sold' })).not.toBeInTheDocument();
  });

  it('shows placeholder cards while the rows load', async () => {
    const held = heldAnswer({ body: homeRows() });
    mockServer({
      'GET /api/auth/session': { body: guestSession },
      'GET /api/listings/home': held.route,
    });
    renderApp('/');

    expect(await screen.findByRole('status', { name: 'Loading featured gear' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading newest listings' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading recently sold' })).toBeInTheDocument();
    held.release();
    expect(
      await within(await screen.findByRole('region', { name: 'Featured gear' })).findAllByRole('article'),
    ).toHaveLength(4);
    expect(screen.queryByRole('status', { name: 'Loading featured gear' })).not.toBeInTheDocument();
  });

  it('says in the newest row why the rows failed (spec 000 §8) and tries again', async () => {
    let fail = true;
    mockServer({
      'GET /api/auth/session': { body: guestSession },
      'GET /api/listings/home': () =>
        fail ? apiError(503, 'SERVICE_UNAVAILABLE', 'The database is busy.') : { body: homeRows() },
    });
    const { user } = renderApp('/');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch newest listings: The database is busy.');
    expect(alert.closest('section')).toBe(screen.getByRole('region', { name: 'Newest listings' }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Featured gear' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('shows a member the same rows after their own listings, messages and offers', async () => {
    mockServer({
      'GET /api/auth/session': { body: memberSession },
      'GET /api/listings/home': { body: homeRows({ recentlySold: [] }) },
      'GET /api/listings': { body: listPage([]) },
      'GET /api/conversations': { body: { items: [], total: 0 } },
      'GET /api/me/offers': { body: offerPage([]) },
    });
    renderApp('/');

    const greeting = await screen.findByRole('heading', {
      level: 1,
      name: `Good to see you, ${member.username}`,
    });
    const offers = await screen.findByRole('heading', { level: 2, name: 'Offers' });
    const featured = await screen.findByRole('heading', { level: 2, name: 'Featured gear' });
    expect(greeting.compareDocumentPosition(offers) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(offers.compareDocumentPosition(featured) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await row('Newest listings').findAllByRole('article')).toHaveLength(4);
    expect(screen.queryByRole('heading', { name: 'Recently sold' })).not.toBeInTheDocument();
    // The signed-in devices are managed in Settings.
    expect(screen.queryByRole('region', { name: 'Your sessions' })).not.toBeInTheDocument();
  });
});
