import type { PriceGuideDto } from '@castline/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../../test/render-route';
import { ListingForm } from './listing-form';

const SOLD: PriceGuideDto = {
  match: 'model',
  count: 5,
  median: 100,
  low: 80,
  high: 120,
  points: [],
  min_sales: 3,
};
const TOO_FEW: PriceGuideDto = { ...SOLD, match: 'none', count: 2, median: null, low: null, high: null };

/** The form, with a price guide that answers `answer` and keeps the query strings it was asked. */
function renderForm(answer: (query: URLSearchParams) => PriceGuideDto) {
  const asked: URLSearchParams[] = [];
  const view = renderRoute(<ListingForm mode="create" />, {
    path: '/marketplace/new',
    server: {
      'GET /api/listings/price-guide': () => {
        // The simulated server keeps paths only: the query string is read from the request itself.
        const call = view.server.fetch.mock.calls.at(-1)!;
        const url = new URL(String(call[0]), 'http://localhost');
        asked.push(url.searchParams);
        return { body: answer(url.searchParams) };
      },
    },
  });
  return { ...view, asked };
}

const hint = (text: string | RegExp) => screen.queryByText(text);

describe('listing form: price hint', () => {
  it('shows what similar items sold for once category, brand and model are typed', async () => {
    const { user, asked } = renderForm(() => SOLD);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'reels');
    await user.type(screen.getByRole('textbox', { name: 'Brand' }), 'Shimano');
    // Not asked before the gear is named.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(asked).toHaveLength(0);
    expect(hint(/Similar items sold for/)).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Model' }), 'Stradic FL 2500');
    expect(await screen.findByText('Similar items sold for $80–$120')).toBeInTheDocument();
    // Asked once, after typing stopped, for the gear as typed.
    expect(asked.map((query) => Object.fromEntries(query))).toEqual([
      { brand: 'Shimano', model: 'Stradic FL 2500', category: 'reels' },
    ]);
  });

  it('shows nothing when too few such items sold', async () => {
    const { user, asked } = renderForm((query) => (query.get('model') === 'Rare' ? TOO_FEW : SOLD));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'reels');
    await user.type(screen.getByRole('textbox', { name: 'Brand' }), 'Penn');
    await user.type(screen.getByRole('textbox', { name: 'Model' }), 'Rare');
    await waitFor(() => expect(asked).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hint(/Similar items sold for/)).toBeNull();
  });
});
