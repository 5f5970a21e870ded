import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProfileReviewsDto } from '@castline/shared';
import { apiError } from '../../../test/fetch-mock';
import { renderRoute } from '../../../test/render-route';
import { buildReview, figuresOf, ME, profileReviewsPage, SELLER } from '../api/review-fixtures';
import { ProfileReviews } from './profile-reviews';
import { LazySellerFigures } from './lazy-seller-figures';
import { SellerFigures } from './seller-figures';

const PATH = `GET /api/profiles/${SELLER.id}/reviews`;
const FIGURES = figuresOf(
  SELLER.id,
  { count: 23, average: 4.83, positive_share: 0.9565 },
  { count: 1, average: 5, positive_share: 1 },
);

/** Review i of 23 the seller got from buyers; the first has the seller's reply. */
const fromBuyer = (index: number) =>
  buildReview({
    id: `r_seller_${index}`,
    reviewer: { ...ME, id: `u_buyer_${index}`, username: `buyer_${index}`, full_name: null },
    body: index === 0 ? '' : `Review number ${index}`,
    revealed_at: '2026-03-04T12:00:00.000Z',
    ...(index === 1 ? { reply: 'Thanks for the kind words!', replied_at: '2026-03-06T12:00:00.000Z' } : {}),
  });

/** The query of the request being answered (a mock route runs inside the fetch call it answers). */
function currentQuery(): URLSearchParams {
  const input = vi.mocked(fetch).mock.calls.at(-1)?.[0];
  return new URL(input instanceof Request ? input.url : String(input), 'http://localhost').searchParams;
}

describe('ProfileReviews', () => {
  it('shows the seller’s figures and reviews with replies, pages through them, and switches to their reviews as a buyer', async () => {
    const pages: Record<string, ProfileReviewsDto> = {
      'seller:1': profileReviewsPage({ figures: FIGURES, items: [0, 1].map(fromBuyer), total: 12 }),
      'seller:2': profileReviewsPage({ figures: FIGURES, items: [10].map(fromBuyer), total: 12, page: 2 }),
      'buyer:1': profileReviewsPage({
        figures: FIGURES,
        role: 'buyer',
        items: [
          buildReview({
            id: 'r_as_buyer',
            reviewer: { ...ME, id: 'u_other_seller', username: 'reel_deal', full_name: null },
            reviewer_role: 'seller',
            reviewee_id: SELLER.id,
            body: 'Paid right away.',
            revealed_at: '2026-03-04T12:00:00.000Z',
          }),
        ],
      }),
    };
    const { user } = renderRoute(<ProfileReviews userId={SELLER.id} name="lake_caster" />, {
      path: '/profile/:userId',
      initialEntry: `/profile/${SELLER.id}`,
      server: {
        [PATH]: () => {
          const query = currentQuery();
          return { body: pages[`${query.get('role')}:${query.get('page')}`] };
        },
      },
    });

    const list = await screen.findByLabelText('Figures as seller');
    expect(within(list).getByText('4.8')).toBeInTheDocument();
    expect(within(list).getByRole('img', { name: '4.8 out of 5 stars' })).toBeInTheDocument();
    expect(within(list).getByText('23 reviews')).toBeInTheDocument();
    expect(within(list).getByText('96% positive')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'As seller (23)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'As buyer (1)' })).toHaveAttribute('aria-pressed', 'false');

    const reviews = screen.getAllByRole('article');
    expect(reviews).toHaveLength(2);
    expect(within(reviews[0]!).getByText('Rated without a written review.')).toBeInTheDocument();
    expect(within(reviews[0]!).getByRole('link', { name: 'Shimano Stradic FL 2500' })).toHaveAttribute(
      'href',
      '/marketplace/l_1',
    );
    expect(within(reviews[1]!).getByText('Review number 1')).toBeInTheDocument();
    expect(within(reviews[1]!).getByText('Reply from the seller')).toBeInTheDocument();
    expect(within(reviews[1]!).getByText('Thanks for the kind words!')).toBeInTheDocument();
    // Someone else's profile: no reply form.
    expect(screen.queryByLabelText('Your public reply')).not.toBeInTheDocument();

    const pager = screen.getByRole('navigation', { name: 'Review pages' });
    expect(within(pager).getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Review number 10')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'As buyer (1)' }));
    expect(await screen.findByText('Paid right away.')).toBeInTheDocument();
    expect(screen.getByLabelText('Figures as buyer')).toHaveTextContent('1 review');
    expect(screen.queryByRole('navigation', { name: 'Review pages' })).not.toBeInTheDocument();
  });

  it('offers the member reviewed a reply on their own profile, and says what shows here when there is nothing yet', async () => {
    const ofMe = buildReview({
      reviewer: SELLER,
      reviewee_id: ME.id,
      revealed_at: '2026-03-04T12:00:00.000Z',
    });
    const { user } = renderRoute(<ProfileReviews userId={ME.id} />, {
      path: '/profile',
      server: {
        [`GET /api/profiles/${ME.id}/reviews`]: () =>
          currentQuery().get('role') === 'seller'
            ? {
                body: profileReviewsPage({
                  figures: figuresOf(ME.id, undefined, { count: 1, average: 5, positive_share: 1 }),
                }),
              }
            : {
                body: profileReviewsPage({
                  role: 'buyer',
                  figures: figuresOf(ME.id, undefined, { count: 1, average: 5, positive_share: 1 }),
                  items: [ofMe],
                }),
              },
      },
    });
    expect(await screen.findByRole('heading', { name: 'No reviews as a seller yet' })).toBeInTheDocument();
    expect(screen.getByText(/Buyers of your gear can review you after each sale/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'As buyer (1)' }));
    expect(await screen.findByLabelText('Your public reply')).toBeInTheDocument();
  });

  it('says when the reviews could not be loaded and tries again', async () => {
    let failing = true;
    const { user } = renderRoute(<ProfileReviews userId={SELLER.id} />, {
      path: '/profile/:userId',
      initialEntry: `/profile/${SELLER.id}`,
      server: {
        [PATH]: () =>
          failing
            ? apiError(500, 'INTERNAL', 'An unexpected error occurred. Please try again.')
            : { body: profileReviewsPage({ figures: FIGURES }) },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The reviews could not be loaded');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: 'This member has no reviews as a seller yet' }),
    ).toBeInTheDocument();
  });
});

describe('SellerFigures', () => {
  it('reads "★ 4.8 · 23 reviews · 96% positive" and links to the reviews on the profile', async () => {
    renderRoute(<SellerFigures sellerId={SELLER.id} />, {
      server: { [`GET /api/profiles/${SELLER.id}/review-figures`]: { body: FIGURES } },
    });
    const line = await screen.findByText(
      (_, element) => element?.tagName === 'P' && /4\.8/.test(element.textContent ?? ''),
    );
    expect(line.textContent).toBe('★Rated 4.8 out of 5·23 reviews·96% positive');
    expect(within(line).getByRole('link', { name: '23 reviews' })).toHaveAttribute(
      'href',
      `/profile/${SELLER.id}?tab=reviews`,
    );
  });

  it('loads after the page as LazySellerFigures, holding its line meanwhile', async () => {
    const { container } = renderRoute(<LazySellerFigures sellerId={SELLER.id} />, {
      server: { [`GET /api/profiles/${SELLER.id}/review-figures`]: { body: FIGURES } },
    });
    expect(container.querySelector('.min-h-5')).not.toBeNull();
    expect(await screen.findByRole('link', { name: '23 reviews' })).toBeInTheDocument();
  });

  it('says "No reviews yet" for a seller without any, and nothing when the figures fail', async () => {
    const first = renderRoute(<SellerFigures sellerId={SELLER.id} />, {
      server: { [`GET /api/profiles/${SELLER.id}/review-figures`]: { body: figuresOf(SELLER.id) } },
    });
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    first.unmount();
    const failed = renderRoute(<SellerFigures sellerId={SELLER.id} />, {
      server: { [`GET /api/profiles/${SELLER.id}/review-figures`]: apiError(500, 'INTERNAL', 'Boom') },
    });
    await waitFor(() =>
      expect(failed.server.calls('GET', `/api/profiles/${SELLER.id}/review-figures`)).not.toHaveLength(0),
    );
    expect(screen.queryByText(/review/)).not.toBeInTheDocument();
  });
});
