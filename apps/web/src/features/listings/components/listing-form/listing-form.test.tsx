import type { ListingBody, SessionStateDto } from '@castline/shared';
import { IMAGE_MESSAGES, LISTING_MESSAGES as M } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, type mockServer } from '../../../../test/fetch-mock';
import { guestSession } from '../../../../test/fixtures';
import { renderRoute } from '../../../../test/render-route';
import { buildListingDto } from '../../lib/testing/listing-fixture';
import {
  imageFile,
  installFakeImageDecoding,
  installFakeXhr,
  uploaded,
} from '../../lib/testing/browser-doubles';
import { ListingForm, UPLOADS_IN_PROGRESS } from './listing-form';

const PLACES = {
  'GET /api/places/suggestions': { body: { items: [{ description: 'Portland, OR, USA', place_id: 'pdx' }] } },
  'GET /api/places/geocode': { body: { lat: 45.52, lng: -122.68, formatted_address: 'Portland, OR, USA' } },
};

let xhr: ReturnType<typeof installFakeXhr>;
beforeEach(() => {
  xhr = installFakeXhr();
  installFakeImageDecoding();
});

function renderForm(server: Parameters<typeof mockServer>[0] = {}, session?: SessionStateDto) {
  return renderRoute(<ListingForm mode="create" />, {
    path: '/marketplace/new',
    server: { ...PLACES, ...server },
    ...(session ? { session } : {}),
  });
}

const textbox = (name: string) => screen.getByRole('textbox', { name });
const select = (name: string) => screen.getByRole('combobox', { name });
const number = (name: string) => screen.getByRole('spinbutton', { name });
const submit = () => screen.getByRole('button', { name: 'Create Listing' });

async function chooseLocation(user: UserEvent) {
  await user.type(screen.getByRole('combobox', { name: 'Location' }), 'Portl');
  await user.click(await screen.findByRole('option', { name: 'Portland, OR, USA' }));
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: 'Location' })).not.toHaveAttribute('aria-busy'),
  );
}

/** Uploads photos through the fake XMLHttpRequest, answering each with a stored photo. */
async function addPhotos(user: UserEvent, names: string[]) {
  const before = xhr.requests.length;
  await user.upload(
    screen.getByLabelText('Product photos'),
    names.map((name) => imageFile(name)),
  );
  for (const [index, name] of names.entries()) {
    await waitFor(() => expect(xhr.requests.length).toBeGreaterThan(before + index));
    xhr.requests[before + index]?.respond(201, uploaded(name.replace(/\.\w+$/, '.webp')));
  }
  await waitFor(() => expect(screen.getAllByRole('img', { name: /^Photo \d/ })).toHaveLength(names.length));
}

async function fillBasics(user: UserEvent, category: string) {
  await user.type(textbox('Title'), 'Fenwick HMG 7ft');
  await user.type(textbox('Description'), 'Medium light, fast action. Barely used.');
  await user.selectOptions(select('Category'), category);
  await user.click(screen.getByRole('checkbox', { name: 'Freshwater' }));
  await user.type(number('Price (USD)'), '85');
  await chooseLocation(user);
}

async function fillRod(user: UserEvent) {
  await user.selectOptions(select('Rod brand'), 'Fenwick');
  await user.selectOptions(select('Composition'), 'graphite');
  await user.selectOptions(select('Power rating'), 'Medium Light');
  await user.type(number('Feet'), '7');
}

describe('listing form: validation', () => {
  it('toasts the first message, shows every message inline in the spec order and focuses the first field', async () => {
    const { user, server } = renderForm();
    await user.selectOptions(select('Category'), 'combo');
    // The rod and reel fields load with the first category that has them.
    await screen.findByRole('combobox', { name: 'Rod brand' });
    await user.click(submit());

    expect(await screen.findAllByText(M.titleRequired)).toHaveLength(2);
    const form = screen.getByRole('form', { name: 'New listing' });
    const inline = Array.from(form.querySelectorAll('[id$="-error"]')).map((node) => node.textContent);
    expect(inline).toEqual([
      M.titleRequired,
      M.descriptionRequired,
      M.gearTypesRequired,
      M.priceInvalid,
      M.locationRequired,
      M.imagesRequired,
      M.rodBrandRequired,
      M.rodCompositionRequired,
      M.rodPowerRequired,
      M.rodLengthRequired,
      M.reelBrandRequired,
      M.reelTypeRequired,
      M.dragSystemRequired,
    ]);
    // Only the first message is a toast.
    expect(
      screen.queryByText(M.descriptionRequired, { selector: '[role="status"] p' }),
    ).not.toBeInTheDocument();
    expect(screen.getByText(M.titleRequired, { selector: '[role="status"] p' })).toBeInTheDocument();

    expect(textbox('Title')).toHaveFocus();
    expect(textbox('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(textbox('Title')).toHaveAccessibleDescription(M.titleRequired);
    expect(screen.getByRole('group', { name: 'Gear types' })).toHaveAccessibleDescription(
      M.gearTypesRequired,
    );
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveAccessibleDescription(
      expect.stringContaining(M.locationRequired),
    );
    expect(screen.getByRole('button', { name: 'Choose photos' })).toHaveAccessibleDescription(
      expect.stringContaining(M.imagesRequired),
    );
    expect(select('Drag System')).toHaveAccessibleDescription(M.dragSystemRequired);
    expect(server.calls('POST', '/api/listings')).toHaveLength(0);

    // Editing a field clears its message.
    await user.type(textbox('Title'), 'Penn');
    expect(textbox('Title')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for a category first when none is chosen, and for a price above 0', async () => {
    const { user } = renderForm();
    await user.type(textbox('Title'), 'Tackle box');
    await user.type(textbox('Description'), 'Plano 3700');
    await user.type(number('Price (USD)'), '0');
    await user.click(submit());

    expect(
      await screen.findByText(M.categoryRequired, { selector: '[role="status"] p' }),
    ).toBeInTheDocument();
    expect(select('Category')).toHaveFocus();
    expect(number('Price (USD)')).toHaveAccessibleDescription(expect.stringContaining(M.priceInvalid));
  });

  it('requires a signed-in member', async () => {
    const { user, server } = renderForm({}, guestSession);
    await user.click(submit());
    expect(await screen.findByText(M.mustBeLoggedIn)).toBeInTheDocument();
    expect(server.calls('POST', '/api/listings')).toHaveLength(0);
  });
});

describe('listing form: fields', () => {
  it('steps the price by cents up to $1 and rounds prices above $1 down on blur', async () => {
    const { user } = renderForm();
    const price = number('Price (USD)');
    expect(price).toHaveAttribute('min', '0');
    expect(price).toHaveAttribute('step', '0.01');
    await user.type(price, '24.75');
    expect(price).toHaveAttribute('step', '1');
    await user.tab();
    expect(price).toHaveValue(24);
    await user.clear(price);
    await user.type(price, '0.5');
    await user.tab();
    expect(price).toHaveValue(0.5);
  });

  it('shows rod details for rods and combos, reel details for reels and combos, and clears them on category change', async () => {
    const { user } = renderForm();
    expect(screen.queryByRole('region', { name: 'Gear details' })).not.toBeInTheDocument();

    await user.selectOptions(select('Category'), 'combo');
    // The rod and reel fields load with the first category that has them.
    await screen.findByRole('combobox', { name: 'Rod brand' });
    await user.selectOptions(select('Rod brand'), 'Penn');
    await user.type(number('Feet'), '6');
    await user.selectOptions(select('Reel brand'), 'Daiwa');
    await user.selectOptions(select('Drag System'), 'double-speed');
    expect(within(select('Drag System')).getByRole('option', { name: 'Two-Speed' })).toHaveProperty(
      'selected',
      true,
    );

    await user.selectOptions(select('Category'), 'rods');
    expect(screen.queryByRole('combobox', { name: 'Reel brand' })).not.toBeInTheDocument();
    expect(select('Rod brand')).toHaveValue('Penn');

    await user.selectOptions(select('Category'), 'combo');
    expect(select('Reel brand')).toHaveValue('');
    expect(select('Drag System')).toHaveValue('');
    expect(number('Feet')).toHaveValue(6);

    await user.selectOptions(select('Category'), 'tackle');
    expect(screen.queryByRole('region', { name: 'Gear details' })).not.toBeInTheDocument();
    await user.selectOptions(select('Category'), 'rods');
    expect(select('Rod brand')).toHaveValue('');
    expect(number('Feet')).toHaveValue(null);
    expect(number('Feet')).toHaveAttribute('max', '20');
    expect(number('Inches')).toHaveAttribute('max', '11');
  });

  it('defaults the condition to new', () => {
    renderForm();
    expect(select('Condition')).toHaveValue('new');
  });
});

describe('listing form: saving', () => {
  it("creates the listing with the main photo first and the 'Other' brand's text, then goes to the marketplace", async () => {
    let body: ListingBody | undefined;
    const { user, server } = renderForm({
      'POST /api/listings': (request) => {
        body = request.body as ListingBody;
        return { status: 201, body: buildListingDto({ id: 'new-listing' }) };
      },
    });
    await fillBasics(user, 'rods');
    await fillRod(user);
    await user.selectOptions(select('Rod brand'), 'Other');
    await user.type(textbox('Other rod brand'), 'Lamiglas');
    await addPhotos(user, ['side.jpg', 'guides.jpg', 'grip.jpg']);
    await user.click(screen.getByRole('button', { name: 'Set as main, photo 3' }));

    await user.click(submit());

    expect(await screen.findByText(M.created)).toBeInTheDocument();
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/marketplace');
    expect(server.calls('POST', '/api/listings')).toHaveLength(1);
    expect(body).not.toHaveProperty('mainImageIndex');
    expect(body).toMatchObject({
      title: 'Fenwick HMG 7ft',
      category: 'rods',
      condition: 'new',
      gear_types: ['Freshwater'],
      price: 85,
      location: 'Portland, OR, USA',
      location_coordinates: { lat: 45.52, lng: -122.68 },
      images: [
        '/files/product-images/grip.webp',
        '/files/product-images/side.webp',
        '/files/product-images/guides.webp',
      ],
      rod_brand: 'Lamiglas',
      rod_composition: 'graphite',
      rod_power_rating: 'Medium Light',
      rod_length_feet: 7,
      rod_length_inches: 0,
      reel_brand: null,
    });
  });

  it('maps the server’s validation issues to their fields', async () => {
    const { user } = renderForm({
      'POST /api/listings': apiError(400, 'VALIDATION_FAILED', M.priceTooHigh, [
        { path: 'price', message: M.priceTooHigh },
        { path: 'location_coordinates.lat', message: M.locationRequired },
      ]),
    });
    await fillBasics(user, 'tackle');
    await addPhotos(user, ['box.jpg']);
    await user.click(submit());

    expect(await screen.findByText(M.priceTooHigh, { selector: '[role="status"] p' })).toBeInTheDocument();
    expect(number('Price (USD)')).toHaveAccessibleDescription(expect.stringContaining(M.priceTooHigh));
    expect(number('Price (USD)')).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveAccessibleDescription(
      expect.stringContaining(M.locationRequired),
    );
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
  });

  it("says 'Failed to submit listing' when the server cannot be reached, and disables the button while saving", async () => {
    let release: () => void = () => {};
    const { user } = renderForm({
      'POST /api/listings': () =>
        new Promise((resolve) => {
          release = () => resolve({ networkError: true });
        }),
    });
    await fillBasics(user, 'accessories');
    await addPhotos(user, ['net.jpg']);
    await user.click(submit());

    await waitFor(() => expect(submit()).toBeDisabled());
    expect(submit()).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByText(M.submitFailed)).toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });

  it('waits for photos that are still uploading', async () => {
    const { user, server } = renderForm();
    await fillBasics(user, 'tackle');
    await user.upload(screen.getByLabelText('Product photos'), [imageFile('slow.jpg')]);
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    await user.click(submit());
    expect(await screen.findByText(UPLOADS_IN_PROGRESS)).toBeInTheDocument();
    expect(server.calls('POST', '/api/listings')).toHaveLength(0);
  });

  it('leaves only the success toast after creating: the request to wait, the upload summary and old errors go', async () => {
    const { user } = renderForm({
      'POST /api/listings': { status: 201, body: buildListingDto({ id: 'new-listing' }) },
    });
    const toasts = () => screen.queryAllByRole('button', { name: 'Close notification' });
    await user.click(submit());
    expect(await screen.findByText(M.titleRequired, { selector: '[role="status"] p' })).toBeInTheDocument();

    await fillBasics(user, 'tackle');
    const before = xhr.requests.length;
    await user.upload(screen.getByLabelText('Product photos'), [imageFile('lure.jpg')]);
    await waitFor(() => expect(xhr.requests.length).toBeGreaterThan(before));
    await user.click(submit());
    expect(await screen.findByText(UPLOADS_IN_PROGRESS)).toBeInTheDocument();
    // Asking again while the photo is still on its way shows the same request, not a second one.
    await user.click(submit());
    expect(screen.getAllByText(UPLOADS_IN_PROGRESS)).toHaveLength(1);

    // The upload finishes: there is nothing left to wait for.
    xhr.requests[before]?.respond(201, uploaded('lure.webp'));
    expect(await screen.findByText(IMAGE_MESSAGES.uploaded(1))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(UPLOADS_IN_PROGRESS)).not.toBeInTheDocument());

    await user.click(submit());
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/marketplace');
    expect(screen.getByText(M.created, { selector: '[role="status"] p' })).toBeInTheDocument();
    expect(toasts()).toHaveLength(1);
  });

  it('takes its request to wait for photos away when the member leaves the form', async () => {
    const { user } = renderForm();
    await user.upload(screen.getByLabelText('Product photos'), [imageFile('slow.jpg')]);
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    await user.click(submit());
    expect(await screen.findByText(UPLOADS_IN_PROGRESS)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/marketplace');
    expect(screen.queryByText(UPLOADS_IN_PROGRESS)).not.toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    const { user } = renderForm();
    await user.type(textbox('Title'), 'Half-written listing');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(textbox('Title')).toHaveValue('Half-written listing');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/marketplace');
  });
});
