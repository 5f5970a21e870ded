import { MODERATION_MESSAGES } from '@castline/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { renderRoute } from '../../../test/render-route';
import { buildPendingListing, moderatorSession, page, queriesTo } from '../testing/moderation-fixtures';
import { ListingApprovalRoute } from './listing-approval-route';

const LISTINGS = '/api/admin/moderation/listings';

type Options = NonNullable<Parameters<typeof renderRoute>[1]>;

function renderApproval(options: Options = {}) {
  return renderRoute(<ListingApprovalRoute />, {
    path: '/admin/moderation/listings',
    session: moderatorSession,
    ...options,
  });
}

describe('Listing approval', () => {
  it('lists pending listings with photo, title, price, seller and date', async () => {
    const rod = buildPendingListing({ id: 'l_1', title: 'Fenwick fly rod 9ft', price: '180.00' });
    const noPhoto = buildPendingListing({ id: 'l_2', title: 'Tackle box', price: '12.50', image: null });
    const view = renderApproval({ server: { [`GET ${LISTINGS}`]: { body: page([rod, noPhoto], 12) } } });

    const list = await screen.findByRole('list', { name: 'Listings waiting for approval' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Fenwick fly rod 9ft' })).toHaveAttribute(
      'href',
      '/marketplace/l_1',
    );
    expect(within(first!).getByText('$180')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Pia Hunter (@pike_hunter)' })).toBeInTheDocument();
    expect(first!.querySelector('img')?.getAttribute('src')).toContain('/files/product-images/rod.webp');
    expect(within(second!).getByText('$12.50')).toBeInTheDocument();
    expect(screen.getByText('12 listings waiting')).toBeInTheDocument();

    const query = queriesTo(view.server.fetch, LISTINGS)[0]!;
    expect(query.get('page')).toBe('1');
    expect(query.get('pageSize')).toBe('10');
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(view.router.state.location.search).toBe('?page=2');
  });

  it('shows the category by its label, never the stored value', async () => {
    const reel = buildPendingListing({ id: 'l_1', title: 'Penn Battle III', category: 'reels' });
    const combo = buildPendingListing({ id: 'l_2', title: 'Ugly Stik combo', category: 'combo' });
    renderApproval({ server: { [`GET ${LISTINGS}`]: { body: page([reel, combo]) } } });

    const list = await screen.findByRole('list', { name: 'Listings waiting for approval' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Reels')).toBeInTheDocument();
    expect(within(second!).getByText('Rod/Reel Combo')).toBeInTheDocument();
    expect(within(list).queryByText('reels')).not.toBeInTheDocument();
    expect(within(list).queryByText('combo')).not.toBeInTheDocument();
  });

  it('reads the page from the address', async () => {
    const view = renderApproval({
      initialEntry: '/admin/moderation/listings?page=3',
      server: { [`GET ${LISTINGS}`]: { body: page([buildPendingListing()], 30, 3) } },
    });
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(queriesTo(view.server.fetch, LISTINGS)[0]?.get('page')).toBe('3');
  });

  it('shows the empty state', async () => {
    renderApproval({ server: { [`GET ${LISTINGS}`]: { body: page([]) } } });
    expect(await screen.findByText('No listings are waiting for approval.')).toBeInTheDocument();
  });

  it('shows a load failure with Try again', async () => {
    renderApproval({ server: { [`GET ${LISTINGS}`]: apiError(500, 'INTERNAL', 'Could not load') } });
    expect(await screen.findByText('Could not load')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('approves with one click', async () => {
    const view = renderApproval({
      server: {
        [`GET ${LISTINGS}`]: { body: page([buildPendingListing({ id: 'l_1' })]) },
        [`POST ${LISTINGS}/l_1/approve`]: { body: { message: MODERATION_MESSAGES.listingApproved } },
      },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Listing approved')).toBeInTheDocument();
    expect(view.server.calls('POST', `${LISTINGS}/l_1/approve`)).toHaveLength(1);
  });

  it('shows why an approval failed', async () => {
    const view = renderApproval({
      server: {
        [`GET ${LISTINGS}`]: { body: page([buildPendingListing({ id: 'l_1' })]) },
        [`POST ${LISTINGS}/l_1/approve`]: apiError(500, 'INTERNAL', 'x'),
      },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(MODERATION_MESSAGES.listingReviewFailed)).toBeInTheDocument();
  });

  it('rejects only with a reason', async () => {
    const view = renderApproval({
      server: {
        [`GET ${LISTINGS}`]: { body: page([buildPendingListing({ id: 'l_1' })]) },
        [`POST ${LISTINGS}/l_1/reject`]: { body: { message: MODERATION_MESSAGES.listingRejected } },
      },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject listing' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Reject listing' }));
    expect(within(dialog).getByText(MODERATION_MESSAGES.rejectReasonRequired)).toBeInTheDocument();
    expect(view.server.calls('POST', `${LISTINGS}/l_1/reject`)).toHaveLength(0);

    await view.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '  Stock photo only ');
    await view.user.click(within(dialog).getByRole('button', { name: 'Reject listing' }));
    expect(await screen.findByText('Listing rejected')).toBeInTheDocument();
    expect(view.server.calls('POST', `${LISTINGS}/l_1/reject`)[0]?.body).toEqual({
      reason: 'Stock photo only',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
