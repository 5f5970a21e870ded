import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../../test/render-route';
import { buildListingDto } from '../../lib/testing/listing-fixture';
import { ListingOverview } from './listing-overview';

describe('listing overview', () => {
  it('marks gear sold into an order still in progress as "Sale pending"', async () => {
    renderRoute(
      <ListingOverview
        listing={buildListingDto({ sold: true, sale_pending: true, sold_at: '2026-03-01T10:00:00.000Z' })}
        isOwner={false}
      />,
    );
    expect(await screen.findByText('Sale pending')).toBeInTheDocument();
    expect(screen.queryByText('Sold', { exact: true })).not.toBeInTheDocument();
  });

  it('marks gear whose sale is complete as "Sold"', async () => {
    renderRoute(<ListingOverview listing={buildListingDto({ sold: true })} isOwner={false} />);
    expect(await screen.findByText('Sold', { exact: true })).toBeInTheDocument();
    expect(screen.queryByText('Sale pending')).not.toBeInTheDocument();
  });
});
