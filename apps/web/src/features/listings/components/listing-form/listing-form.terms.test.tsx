import type { ListingBody } from '@castline/shared';
import { LISTING_MESSAGES as M, LISTING_TERMS_MESSAGES as TERMS } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoute } from '../../../../test/render-route';
import { buildListingDto } from '../../lib/testing/listing-fixture';
import {
  imageFile,
  installFakeImageDecoding,
  installFakeXhr,
  uploaded,
} from '../../lib/testing/browser-doubles';
import { ListingForm } from './listing-form';

const PLACES = {
  'GET /api/places/suggestions': { body: { items: [{ description: 'Portland, OR, USA', place_id: 'pdx' }] } },
  'GET /api/places/geocode': { body: { lat: 45.52, lng: -122.68, formatted_address: 'Portland, OR, USA' } },
};

let xhr: ReturnType<typeof installFakeXhr>;
beforeEach(() => {
  xhr = installFakeXhr();
  installFakeImageDecoding();
});

const radio = (name: string) => screen.getByRole('radio', { name });
const checkbox = (name: string) => screen.getByRole('checkbox', { name });
const select = (name: string) => screen.getByRole('combobox', { name });
const shippingPrice = () => screen.queryByRole('spinbutton', { name: 'Shipping price (USD)' });

/** A tackle listing with everything but its terms filled in. */
async function fillListing(user: UserEvent) {
  await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Plano 3700 tackle box');
  await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Four trays, one latch repaired.');
  await user.selectOptions(select('Category'), 'tackle');
  await user.click(checkbox('Freshwater'));
  await user.type(screen.getByRole('spinbutton', { name: 'Price (USD)' }), '25');
  await user.type(screen.getByRole('combobox', { name: 'Location' }), 'Portl');
  await user.click(await screen.findByRole('option', { name: 'Portland, OR, USA' }));
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: 'Location' })).not.toHaveAttribute('aria-busy'),
  );
  await user.upload(screen.getByLabelText('Product photos'), [imageFile('box.jpg')]);
  await waitFor(() => expect(xhr.requests).toHaveLength(1));
  xhr.requests[0]?.respond(201, uploaded('box.webp'));
  await waitFor(() => expect(screen.getAllByRole('img', { name: /^Photo \d/ })).toHaveLength(1));
}

function renderCreate() {
  let body: ListingBody | undefined;
  const rendered = renderRoute(<ListingForm mode="create" />, {
    path: '/marketplace/new',
    server: {
      ...PLACES,
      'POST /api/listings': (request) => {
        body = request.body as ListingBody;
        return { status: 201, body: buildListingDto({ id: 'new-listing' }) };
      },
    },
  });
  return { ...rendered, sent: () => body };
}

describe('listing form: delivery and terms', () => {
  it('starts with local pickup, offers on and no returns, and shows shipping fields only when the gear ships', async () => {
    const { user } = renderCreate();
    const section = await screen.findByRole('region', { name: 'Delivery and terms' });
    const handover = await within(section).findByRole('group', { name: 'How buyers get the gear' });
    expect(
      within(handover)
        .getAllByRole('radio')
        .map((option) => option.closest('label')?.textContent),
    ).toEqual(['Local pickup only', 'Shipping only', 'Local pickup or shipping']);
    expect(radio('Local pickup only')).toBeChecked();
    expect(shippingPrice()).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Ships from' })).not.toBeInTheDocument();
    expect(checkbox('Accept offers')).toBeChecked();
    expect(checkbox('Accept returns')).not.toBeChecked();
    expect(screen.queryByRole('combobox', { name: 'Return window' })).not.toBeInTheDocument();

    await user.click(radio('Local pickup or shipping'));
    expect(shippingPrice()).toBeInTheDocument();
    expect(select('Handling time')).toHaveDisplayValue('Ships within 2 business days');
    expect(screen.getByRole('textbox', { name: 'Ships from' })).toHaveAccessibleDescription(
      "Leave empty to ship from the listing's location.",
    );

    await user.click(radio('Local pickup only'));
    expect(shippingPrice()).not.toBeInTheDocument();

    await user.click(checkbox('Accept returns'));
    expect(select('Return window')).toHaveDisplayValue('14 days');
  });

  it('sends free shipping as $0, an empty "ships from" as the listing\'s location, and the chosen return window', async () => {
    const { user, sent } = renderCreate();
    await fillListing(user);
    await user.click(await screen.findByRole('radio', { name: 'Shipping only' }));
    await user.type(shippingPrice() as HTMLElement, '12');
    await user.click(checkbox('Free shipping'));
    expect(shippingPrice()).toBeDisabled();
    expect(shippingPrice()).toHaveValue(0);
    await user.selectOptions(select('Handling time'), '3');
    await user.click(checkbox('Accept offers'));
    await user.click(checkbox('Accept returns'));
    await user.selectOptions(select('Return window'), '30');

    await user.click(screen.getByRole('button', { name: 'Create Listing' }));
    expect(await screen.findByText(M.created)).toBeInTheDocument();
    expect(sent()).toMatchObject({
      handover: 'shipping',
      shipping_price: 0,
      ships_from: 'Portland, OR, USA',
      handling_days: 3,
      accepts_offers: false,
      returns_accepted: true,
      return_window_days: 30,
    });
  });

  it('lets the seller set offer guardrails, checked against the price with the shared rules', async () => {
    const { user, sent, server } = renderCreate();
    await fillListing(user);
    const decline = screen.getByRole('spinbutton', { name: 'Decline offers below (optional)' });
    const accept = screen.getByRole('spinbutton', { name: 'Accept offers at or above (optional)' });
    expect(decline).toHaveAccessibleDescription(
      'Lower offers are turned down at once; buyers never see this amount.',
    );
    await user.type(decline, '25');
    await user.click(screen.getByRole('button', { name: 'Create Listing' }));
    expect(
      await screen.findByText(TERMS.autoDeclineTooHigh, { selector: '[role="status"] p' }),
    ).toBeInTheDocument();
    expect(decline).toHaveAccessibleDescription(expect.stringContaining(TERMS.autoDeclineTooHigh));
    expect(server.calls('POST', '/api/listings')).toHaveLength(0);

    await user.clear(decline);
    await user.type(decline, '15');
    await user.type(accept, '22');
    await user.click(screen.getByRole('button', { name: 'Create Listing' }));
    expect(await screen.findByText(M.created)).toBeInTheDocument();
    expect(sent()).toMatchObject({ accepts_offers: true, auto_decline_below: 15, auto_accept_at: 22 });
  });

  it('hides the guardrails while offers are off', async () => {
    const { user } = renderCreate();
    await user.click(await screen.findByRole('checkbox', { name: 'Accept offers' }));
    expect(
      screen.queryByRole('spinbutton', { name: 'Decline offers below (optional)' }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('spinbutton', { name: 'Accept offers at or above (optional)' }),
    ).not.toBeInTheDocument();
  });

  it('unticking free shipping gives the price field back, empty', async () => {
    const { user } = renderCreate();
    await user.click(await screen.findByRole('radio', { name: 'Shipping only' }));
    await user.click(checkbox('Free shipping'));
    await user.click(checkbox('Free shipping'));
    expect(shippingPrice()).toBeEnabled();
    expect(shippingPrice()).toHaveValue(null);
  });

  it('checks the shipping price with the shared rules and shows the message on the field', async () => {
    const { user, server } = renderCreate();
    await fillListing(user);
    await user.click(await screen.findByRole('radio', { name: 'Local pickup or shipping' }));
    await user.click(screen.getByRole('button', { name: 'Create Listing' }));

    expect(
      await screen.findByText(TERMS.shippingPriceInvalid, { selector: '[role="status"] p' }),
    ).toBeInTheDocument();
    expect(shippingPrice()).toHaveAttribute('aria-invalid', 'true');
    expect(shippingPrice()).toHaveAccessibleDescription(TERMS.shippingPriceInvalid);
    expect(shippingPrice()).toHaveFocus();
    expect(server.calls('POST', '/api/listings')).toHaveLength(0);

    await user.type(shippingPrice() as HTMLElement, '1500');
    expect(shippingPrice()).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Create Listing' }));
    expect(
      await screen.findByText(TERMS.shippingPriceTooHigh, { selector: '[role="status"] p' }),
    ).toBeInTheDocument();
    expect(shippingPrice()).toHaveAccessibleDescription(TERMS.shippingPriceTooHigh);
  });

  it('starts an edit from the listing’s terms', async () => {
    const listing = buildListingDto({
      location: 'Portland, OR, USA',
      handover: 'both',
      shipping_price: 0,
      ships_from: 'Bend, OR',
      handling_days: 5,
      accepts_offers: false,
      returns_accepted: true,
      return_window_days: 7,
    });
    renderRoute(<ListingForm mode="edit" listing={listing} />, {
      path: '/marketplace/:id/edit',
      initialEntry: `/marketplace/${listing.id}/edit`,
      server: PLACES,
    });
    expect(await screen.findByRole('radio', { name: 'Local pickup or shipping' })).toBeChecked();
    expect(checkbox('Free shipping')).toBeChecked();
    expect(shippingPrice()).toHaveValue(0);
    expect(screen.getByRole('textbox', { name: 'Ships from' })).toHaveValue('Bend, OR');
    expect(select('Handling time')).toHaveDisplayValue('Ships within 5 business days');
    expect(checkbox('Accept offers')).not.toBeChecked();
    expect(checkbox('Accept returns')).toBeChecked();
    expect(select('Return window')).toHaveDisplayValue('7 days');
  });
});
