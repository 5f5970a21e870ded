import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as imageMetrics from '../../../lib/image-metrics';
import { member, memberSession } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { buildListing } from '../api/listing-queries.fixtures';
import { ListingCard, formatDistanceAway, formatPrice } from './listing-card';
import { buildSrcSet, imageVariantUrl, srcSetWidths } from './listing-image';

describe('ListingCard', () => {
  it('shows the price, title, condition, category, place, distance and when it was listed', async () => {
    const listing = buildListing({
      title: 'St. Croix Avid 7ft Medium',
      price: 1250,
      condition: 'like new',
      category: 'rods',
      location: 'Bend, OR',
      distance: 12.3,
      created_at: new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString(),
    });
    renderRoute(<ListingCard listing={listing} />, { path: '/marketplace' });

    const article = await screen.findByRole('article', { name: 'St. Croix Avid 7ft Medium' });
    expect(within(article).getByText('$1,250')).toBeInTheDocument();
    expect(
      within(article).getByRole('heading', { level: 3, name: 'St. Croix Avid 7ft Medium' }),
    ).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'St. Croix Avid 7ft Medium' })).toHaveAttribute(
      'href',
      `/marketplace/${listing.id}`,
    );
    const details = within(within(article).getByRole('list', { name: 'Details' }));
    expect(details.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Like New', 'Rods']);
    expect(article).toHaveTextContent('Bend, OR · 12 mi away');
    expect(within(article).getByText('3 days ago')).toHaveAttribute('datetime', listing.created_at);
    expect(article).toHaveTextContent('Listed 3 days ago');
    expect(within(article).queryByText('Sold')).not.toBeInTheDocument();
  });

  it('opens the listing and tells the detail page where Close goes back to', async () => {
    const listing = buildListing({ title: 'Penn Battle III' });
    const { user, router } = renderRoute(<ListingCard listing={listing} from="/profile/u_9" />, {
      path: '/profile/:userId',
      initialEntry: '/profile/u_9',
    });

    await user.click(await screen.findByRole('link', { name: 'Penn Battle III' }));
    expect(router.state.location.pathname).toBe(`/marketplace/${listing.id}`);
    expect(router.state.location.state).toEqual({ from: '/profile/u_9' });
  });

  it('remembers the filtered marketplace address by default', async () => {
    const listing = buildListing({ title: 'Daiwa BG 3000' });
    const { user, router } = renderRoute(<ListingCard listing={listing} />, {
      path: '/marketplace',
      initialEntry: '/marketplace?category=reels&sort=oldest',
    });

    await user.click(await screen.findByRole('link', { name: 'Daiwa BG 3000' }));
    expect(router.state.location.state).toEqual({ from: '/marketplace?category=reels&sort=oldest' });
  });

  it('loads a responsive, lazy WebP photo of fixed shape and measures its load', async () => {
    const measure = vi.spyOn(imageMetrics, 'measureImageLoad').mockReturnValue(null);
    const listing = buildListing({
      images: ['/files/product-images/reel.jpg', '/files/product-images/b.jpg'],
    });
    const { container } = renderRoute(<ListingCard listing={listing} />, { path: '/marketplace' });

    await screen.findByRole('article');
    const img = container.querySelector('img');
    expect(img).not.toBeNull();
    expect(img).toHaveAttribute('src', '/files/product-images/reel.jpg?w=600&format=webp&q=80');
    expect(img?.getAttribute('srcset')?.split(', ')).toEqual([
      '/files/product-images/reel.jpg?w=300&format=webp&q=80 300w',
      '/files/product-images/reel.jpg?w=600&format=webp&q=80 600w',
      '/files/product-images/reel.jpg?w=900&format=webp&q=80 900w',
      '/files/product-images/reel.jpg?w=1200&format=webp&q=80 1200w',
    ]);
    expect(img).toHaveAttribute('sizes');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).toHaveAttribute('width', '600');
    expect(img).toHaveAttribute('height', '450');
    // The title beside it names the photo; it is not read twice.
    expect(img).toHaveAttribute('alt', '');

    fireEvent.load(img as HTMLImageElement);
    await waitFor(() => expect(measure).toHaveBeenCalledWith(img));
  });

  it('shows a placeholder when there is no photo or it fails to load', async () => {
    const { container } = renderRoute(
      <>
        <ListingCard listing={buildListing({ title: 'No photo', images: [] })} />
        <ListingCard listing={buildListing({ title: 'Broken photo' })} />
      </>,
      { path: '/marketplace' },
    );
    await screen.findByRole('article', { name: 'Broken photo' });
    expect(container.querySelectorAll('img')).toHaveLength(1);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect(screen.getAllByText('No photo', { selector: 'span' })).toHaveLength(2);
  });

  it('tags pickup-only and free-shipping gear among its details, and nothing for paid shipping', async () => {
    renderRoute(
      <>
        <ListingCard listing={buildListing({ title: 'Pickup', handover: 'pickup', shipping_price: null })} />
        <ListingCard listing={buildListing({ title: 'Free', handover: 'both', shipping_price: 0 })} />
        <ListingCard listing={buildListing({ title: 'Paid', handover: 'shipping', shipping_price: 12 })} />
      </>,
      { path: '/marketplace' },
    );
    const detailsOf = async (title: string) =>
      within(
        within(await screen.findByRole('article', { name: title })).getByRole('list', { name: 'Details' }),
      )
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(await detailsOf('Pickup')).toEqual(['Like New', 'Reels', 'Pickup only']);
    expect(await detailsOf('Free')).toEqual(['Like New', 'Reels', 'Free shipping']);
    expect(await detailsOf('Paid')).toEqual(['Like New', 'Reels']);
  });

  it('marks sold gear with a ribbon', async () => {
    renderRoute(<ListingCard listing={buildListing({ sold: true })} />, { path: '/marketplace' });
    expect(within(await screen.findByRole('article')).getByText('Sold')).toBeInTheDocument();
  });

  it('shows "Pending review" on the viewer’s own pending listing only', async () => {
    const own = buildListing({ title: 'Mine', seller_id: member.id, moderation_status: 'pending' });
    const others = buildListing({ title: 'Theirs', moderation_status: 'pending' });
    renderRoute(
      <>
        <ListingCard listing={own} />
        <ListingCard listing={others} />
      </>,
      { path: '/marketplace', session: memberSession },
    );
    const mine = await screen.findByRole('article', { name: 'Mine' });
    expect(await within(mine).findByText('Pending review')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Theirs' })).queryByText('Pending review')).toBeNull();
  });
});

describe('formatting', () => {
  it('shows cents only when there are some', () => {
    expect(formatPrice(1250)).toBe('$1,250');
    expect(formatPrice(12.99)).toBe('$12.99');
    expect(formatPrice(0.5)).toBe('$0.50');
    expect(formatPrice(40)).toBe('$40');
  });

  it('rounds distances to whole miles from 10 on', () => {
    expect(formatDistanceAway(12.3)).toBe('12 mi away');
    expect(formatDistanceAway(3.46)).toBe('3.5 mi away');
    expect(formatDistanceAway(1204.2)).toBe('1,204 mi away');
    expect(formatDistanceAway(0.01)).toBe('under 0.1 mi away');
  });
});

describe('image variants', () => {
  it('offers 0.5×, 1×, 1.5× and 2× of the preset width', () => {
    expect(srcSetWidths('thumbnail')).toEqual([100, 200, 300, 400]);
    expect(srcSetWidths('preview')).toEqual([300, 600, 900, 1200]);
    expect(srcSetWidths('full')).toEqual([600, 1200, 1800, 2400]);
  });

  it('asks only Castline’s own files for variants', () => {
    expect(imageVariantUrl('https://example.com/a.jpg', 600)).toBe('https://example.com/a.jpg');
    expect(buildSrcSet('https://example.com/a.jpg', 'preview')).toBeUndefined();
  });
});
