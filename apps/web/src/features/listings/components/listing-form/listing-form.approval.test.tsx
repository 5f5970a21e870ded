import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type MockAnswer } from '../../../../test/fetch-mock';
import { renderRoute } from '../../../../test/render-route';
import { APPROVAL_TEXTS } from '../../lib/approval-texts';
import { buildListingDto } from '../../lib/testing/listing-fixture';
import { ListingForm } from './listing-form';

/*
 * The form says what the site's "Listings need approval" setting makes true (new listings are
 * not reviewed before they appear unless it is on), and nothing while it does not know it.
 */
const OLD_PROMISE = 'A moderator reviews each new listing before it appears.';

function renderForm(siteNotice: MockAnswer) {
  return renderRoute(<ListingForm mode="create" />, {
    path: '/marketplace/new',
    server: { 'GET /api/site-notice': siteNotice },
  });
}

describe('listing form: what happens to a new listing', () => {
  it('says the listing is public at once while approval is not required', async () => {
    renderForm({ body: { notice: null, listings_require_approval: false } });
    expect(await screen.findByText(APPROVAL_TEXTS.formApprovalOff)).toBeInTheDocument();
    expect(screen.queryByText(OLD_PROMISE)).not.toBeInTheDocument();
    expect(screen.queryByText(APPROVAL_TEXTS.formApprovalOn)).not.toBeInTheDocument();
  });

  it('says a moderator approves it first while approval is required', async () => {
    renderForm({ body: { notice: null, listings_require_approval: true } });
    expect(await screen.findByText(APPROVAL_TEXTS.formApprovalOn)).toBeInTheDocument();
    expect(screen.queryByText(APPROVAL_TEXTS.formApprovalOff)).not.toBeInTheDocument();
  });

  it('promises nothing while the setting is unknown', async () => {
    const view = renderForm(apiError(500, 'INTERNAL', 'Something went wrong'));
    await screen.findByRole('button', { name: 'Create Listing' });
    await waitFor(() => expect(view.queryClient.getQueryState(['site-notice'])?.status).toBe('error'));
    expect(screen.queryByText(OLD_PROMISE)).not.toBeInTheDocument();
    expect(screen.queryByText(APPROVAL_TEXTS.formApprovalOn)).not.toBeInTheDocument();
    expect(screen.queryByText(APPROVAL_TEXTS.formApprovalOff)).not.toBeInTheDocument();
  });

  it('says nothing about approval when a listing is edited', async () => {
    renderRoute(<ListingForm mode="edit" listing={buildListingDto()} />, {
      path: '/marketplace/:id/edit',
      server: { 'GET /api/site-notice': { body: { notice: null, listings_require_approval: true } } },
    });
    await screen.findByRole('button', { name: 'Save Changes' });
    expect(screen.queryByText(APPROVAL_TEXTS.formApprovalOn)).not.toBeInTheDocument();
  });
});
