import type { PriceGuideDto } from '@castline/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { guestSession } from '../../../../test/fixtures';
import { renderRoute } from '../../../../test/render-route';
import { PriceGuide } from './lazy-price-guide';

const figures: PriceGuideDto = {
  match: 'model',
  count: 4,
  median: 120,
  low: 95,
  high: 210,
  points: [
    { price: 95, sold_at: '2025-09-14' },
    { price: 110, sold_at: '2025-12-02' },
    { price: 130, sold_at: '2026-02-20' },
    { price: 210, sold_at: '2026-03-01' },
  ],
  min_sales: 3,
};

function renderGuide(answer: PriceGuideDto | { status: number; body: unknown }) {
  return renderRoute(<PriceGuide listingId="l_1" />, {
    path: '/marketplace/l_1',
    session: guestSession,
    server: {
      'GET /api/listings/l_1/price-guide': 'status' in answer ? answer : { body: answer },
    },
  });
}

/** Once the guide was asked for and its answer is in. */
async function answered({
  server,
  queryClient,
}: Pick<ReturnType<typeof renderGuide>, 'server' | 'queryClient'>) {
  await waitFor(() => expect(server.calls('GET', '/api/listings/l_1/price-guide').length).toBeGreaterThan(0));
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
}

describe('price guide on a listing page', () => {
  it('tells what the same gear sold for, in words and as a chart described in words', async () => {
    renderGuide(figures);
    expect(await screen.findByRole('heading', { name: 'Price guide' })).toBeInTheDocument();
    expect(
      screen.getByText('Sold on Castline in the last 12 months: median $120, $95–$210, 4 sales'),
    ).toBeInTheDocument();
    expect(screen.getByText('Sales of the same brand and model.')).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: 'Sold prices over the last 12 months' });
    expect(chart).toHaveAccessibleDescription(
      '4 sales from September 14, 2025 to March 1, 2026, between $95 and $210; median $120.',
    );
    expect(chart.querySelectorAll('circle')).toHaveLength(4);
  });

  it('says when the figures are for the brand in the category rather than the model', async () => {
    renderGuide({ ...figures, match: 'brand' });
    expect(await screen.findByText('Sales of the same brand in this category.')).toBeInTheDocument();
  });

  it('shows nothing below the minimum of sales', async () => {
    const { server, queryClient, container } = renderGuide({
      match: 'none',
      count: 2,
      median: null,
      low: null,
      high: null,
      points: [],
      min_sales: 3,
    });
    await answered({ server, queryClient });
    expect(screen.queryByRole('heading', { name: 'Price guide' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Sold on Castline/)).not.toBeInTheDocument();
    expect(container.querySelector('svg')).toBeNull();
  });

  it('shows nothing when the guide cannot be read', async () => {
    const { server, queryClient } = renderGuide({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Product not found' } },
    });
    await answered({ server, queryClient });
    expect(screen.queryByRole('heading', { name: 'Price guide' })).not.toBeInTheDocument();
  });
});

describe('price chart on the server', () => {
  it("draws its title as one text, which the server's first paint of a listing renders without a warning", async () => {
    const { renderToString } = await import('react-dom/server');
    const { PriceChart } = await import('./price-chart');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = renderToString(
      <PriceChart
        points={figures.points}
        median={120}
        low={95}
        high={210}
        months={6}
        now={new Date('2026-03-10')}
      />,
    );
    expect(html).toMatch(/<title id="[^"]+">Sold prices over the last 6 months<\/title>/);
    expect(errors).not.toHaveBeenCalled();
  });
});
