import { REVIEW_MESSAGES } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { renderRoute } from '../../../test/render-route';
import { buildReview, ORDER_ID, orderReviews, reviewOfMe } from '../api/review-fixtures';
import { OrderReviewPanel } from './order-review-panel';

const GET = `GET /api/orders/${ORDER_ID}/reviews`;
const POST = `POST /api/orders/${ORDER_ID}/review`;

type Server = NonNullable<Parameters<typeof renderRoute>[1]>['server'];

function renderPanel(server: Server) {
  return renderRoute(<OrderReviewPanel orderId={ORDER_ID} />, {
    path: '/orders/:id',
    initialEntry: `/orders/${ORDER_ID}`,
    server,
  });
}

describe('OrderReviewPanel', () => {
  it('lets the buyer choose stars with the keyboard and write a review, then says when it will show', async () => {
    const mine = buildReview({ rating: 4, body: 'Well packed.' });
    const { user, server } = renderPanel({
      [GET]: { body: orderReviews() },
      [POST]: { status: 201, body: orderReviews({ mine, can_review: false }) },
    });

    const form = await screen.findByRole('form', { name: 'Review @lake_caster' });
    expect(
      within(form).getByText(
        /Neither of you sees the other’s review until you have both left one, or until March 31, 2026/,
      ),
    ).toBeInTheDocument();
    // Sent empty: each field says what it needs, and nothing goes to the server.
    await user.click(within(form).getByRole('button', { name: 'Post review' }));
    expect(await within(form).findByText(REVIEW_MESSAGES.ratingRequired)).toBeInTheDocument();
    expect(within(form).getByText(REVIEW_MESSAGES.bodyRequired)).toBeInTheDocument();
    expect(server.requests.some((request) => request.method === 'POST')).toBe(false);

    const stars = within(form).getByRole('group', { name: 'Your rating of @lake_caster' });
    const fiveStars = within(stars).getByRole('radio', { name: '5 stars' });
    fiveStars.focus();
    await user.keyboard(' ');
    expect(fiveStars).toBeChecked();
    await user.keyboard('{ArrowLeft}');
    expect(within(stars).getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.type(within(form).getByLabelText('Your review'), 'Well packed.');
    await user.click(within(form).getByRole('button', { name: 'Post review' }));

    expect(
      await screen.findByText(
        'Your review is in. It will show to @lake_caster when they leave theirs or on March 31, 2026.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Well packed.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(server.requests.find((request) => request.method === 'POST')?.body).toEqual({
      rating: 4,
      body: 'Well packed.',
    });
  });

  it('tells the member the other side’s review is waiting for theirs, and shows a refusal', async () => {
    const { user } = renderPanel({
      [GET]: { body: orderReviews({ theirs_hidden: true }) },
      [POST]: apiError(409, 'CONFLICT', REVIEW_MESSAGES.windowClosed),
    });
    expect(
      await screen.findByText('@lake_caster has left their review: post yours to see it.'),
    ).toBeInTheDocument();
    // Their words are not on the page.
    expect(screen.queryByText('Paid at once, friendly.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    await user.type(screen.getByLabelText('Your review'), 'Fine.');
    await user.click(screen.getByRole('button', { name: 'Post review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REVIEW_MESSAGES.windowClosed);
  });

  it('shows both reviews once visible, and the member reviewed replies once', async () => {
    const mine = buildReview({ revealed_at: '2026-03-04T12:00:00.000Z' });
    const theirs = reviewOfMe({ revealed_at: '2026-03-04T12:00:00.000Z' });
    const { user, server } = renderPanel({
      [GET]: { body: orderReviews({ mine, theirs, can_review: false, can_reply: true }) },
      [`POST /api/reviews/${theirs.id}/reply`]: {
        body: { ...theirs, reply: 'Thanks, tight lines!', replied_at: '2026-03-05T12:00:00.000Z' },
      },
    });

    const theirsCard = await screen.findByRole('article', { name: /Lake Caster/ });
    expect(within(theirsCard).getByText('@lake_caster’s review of you')).toBeInTheDocument();
    expect(within(theirsCard).getByText('Paid at once, friendly.')).toBeInTheDocument();
    expect(within(theirsCard).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    const mineCard = screen.getByRole('article', { name: /River Runner/ });
    expect(within(mineCard).getByText('Your review')).toBeInTheDocument();
    expect(within(mineCard).queryByText(/It will show to/)).not.toBeInTheDocument();
    expect(within(mineCard).queryByLabelText('Your public reply')).not.toBeInTheDocument();

    await user.click(within(theirsCard).getByRole('button', { name: 'Post reply' }));
    expect(await within(theirsCard).findByText(REVIEW_MESSAGES.replyRequired)).toBeInTheDocument();
    await user.type(within(theirsCard).getByLabelText('Your public reply'), 'Thanks, tight lines!');
    await user.click(within(theirsCard).getByRole('button', { name: 'Post reply' }));
    expect(await within(theirsCard).findByText('Reply from the buyer')).toBeInTheDocument();
    expect(within(theirsCard).getByText('Thanks, tight lines!')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(theirsCard).queryByLabelText('Your public reply')).not.toBeInTheDocument(),
    );
    expect(server.requests.find((request) => request.path.endsWith('/reply'))?.body).toEqual({
      reply: 'Thanks, tight lines!',
    });
  });

  it('says why there is nothing to do: not received yet, a closed window, nobody to review', async () => {
    const first = renderPanel({
      [GET]: { body: orderReviews({ can_review: false, window_closes_at: null }) },
    });
    expect(
      await screen.findByText('You can review @lake_caster once the order has been received.'),
    ).toBeInTheDocument();
    first.unmount();

    const second = renderPanel({
      [GET]: { body: orderReviews({ can_review: false, window_closes_at: '2025-03-31T12:00:00.000Z' }) },
    });
    expect(
      await screen.findByText('The 30-day window to review this order closed on March 31, 2025.'),
    ).toBeInTheDocument();
    second.unmount();

    renderPanel({
      [GET]: {
        body: orderReviews({ role: 'seller', other: null, can_review: false, window_closes_at: null }),
      },
    });
    expect(
      await screen.findByText('This sale was made outside Castline, so there is nobody to review.'),
    ).toBeInTheDocument();
  });

  it('stays out of the way of an order the member may not see', async () => {
    renderPanel({ [GET]: apiError(404, 'NOT_FOUND', 'Order not found') });
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: 'Loading reviews' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('heading', { name: 'Reviews' })).not.toBeInTheDocument();
  });
});
