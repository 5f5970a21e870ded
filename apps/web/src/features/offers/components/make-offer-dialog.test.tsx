import { OFFER_MESSAGES } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { renderRoute } from '../../../test/render-route';
import { asMadeByMember, buildOffer } from '../api/offer-fixtures';
import { MakeOfferButton } from './make-offer-button';

type Server = NonNullable<Parameters<typeof renderRoute>[1]>['server'];

const listing = { id: 'l_1', title: 'Shimano Stradic FL 2500', price: 180 };

function renderButton(server: Server = {}, signedIn = true, offered: typeof listing & object = listing) {
  const onSignInFirst = vi.fn();
  const view = renderRoute(
    <MakeOfferButton listing={offered} signedIn={signedIn} onSignInFirst={onSignInFirst}>
      Make an offer
    </MakeOfferButton>,
    { path: '/', server: { 'GET /api/listings/l_1/offers/mine': { body: { offer: null } }, ...server } },
  );
  return { ...view, onSignInFirst };
}

async function openDialog(user: ReturnType<typeof renderButton>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Make an offer' }));
  return screen.findByRole('dialog', { name: 'Make an offer' });
}

describe('make offer dialog', () => {
  it('asks a guest to sign in instead of opening', async () => {
    const { user, onSignInFirst, server } = renderButton({}, false);

    await user.click(await screen.findByRole('button', { name: 'Make an offer' }));
    expect(onSignInFirst).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls('GET', '/api/listings/l_1/offers/mine')).toHaveLength(0);
  });

  it('checks the amount and the note before sending', async () => {
    const { user, server } = renderButton();
    const dialog = await openDialog(user);
    const amount = await within(dialog).findByRole('textbox', { name: 'Your offer' });
    expect(dialog).toHaveTextContent('Asking price $180');
    // Empty, with no sample amount that could read as one already given.
    expect(amount).toHaveValue('');
    expect(amount).not.toHaveAttribute('placeholder');

    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(within(dialog).getByText(OFFER_MESSAGES.amountInvalid)).toBeInTheDocument();
    expect(amount).toHaveFocus();
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(within(dialog).getByText(OFFER_MESSAGES.amountInvalid)).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '1,000,000');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(within(dialog).getByText(OFFER_MESSAGES.amountTooHigh)).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '150');
    const note = within(dialog).getByRole('textbox', { name: 'Note to the seller (optional)' });
    await user.click(note);
    await user.paste('x'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(within(dialog).getByText(OFFER_MESSAGES.noteTooLong)).toBeInTheDocument();
    expect(note).toHaveFocus();
    expect(server.calls('POST', '/api/listings/l_1/offers')).toHaveLength(0);
  });

  it('sends the offer, says so and closes', async () => {
    const { user, server } = renderButton({
      'POST /api/listings/l_1/offers': {
        status: 201,
        body: asMadeByMember(buildOffer({ amount: 150.5, note: 'Cash on pickup', actions: ['cancel'] })),
      },
    });
    const dialog = await openDialog(user);

    await user.type(await within(dialog).findByRole('textbox', { name: 'Your offer' }), '$150.50');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Note to the seller (optional)' }),
      ' Cash on pickup ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));

    expect(await screen.findByText('Offer of $150.50 sent to the seller')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The dialog loaded on first use (no DialogTrigger): focus still goes back to its button.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Make an offer' })).toHaveFocus());
    expect(server.calls('POST', '/api/listings/l_1/offers')[0]?.body).toEqual({
      amount: 150.5,
      note: 'Cash on pickup',
    });
  });

  it('on gear that ships or is picked up, asks which and sends the choice', async () => {
    const { user, server } = renderButton(
      {
        'POST /api/listings/l_1/offers': {
          status: 201,
          body: asMadeByMember(buildOffer({ amount: 150, actions: ['cancel'] })),
        },
      },
      true,
      { ...listing, handover: 'both', shipping_price: 12 } as typeof listing,
    );
    const dialog = await openDialog(user);
    const delivery = within(dialog).getByRole('group', { name: 'Delivery' });
    expect(within(delivery).getByRole('radio', { name: 'Ship to me (+$12 shipping)' })).toBeChecked();
    await user.click(within(delivery).getByRole('radio', { name: 'Local pickup' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Your offer' }), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    await waitFor(() =>
      expect(server.calls('POST', '/api/listings/l_1/offers')[0]?.body).toEqual({
        amount: 150,
        handover: 'pickup',
      }),
    );
  });

  it('an offer the seller accepts at once (their auto-accept amount) goes straight to its order', async () => {
    const { user, router } = renderButton({
      'POST /api/listings/l_1/offers': {
        status: 201,
        body: asMadeByMember(buildOffer({ amount: 175, status: 'accepted', order_id: 'o_9', actions: [] })),
      },
    });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Your offer' }), '175');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(
      await screen.findByText('The seller accepts offers of $175: it is an order now'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/o_9'));
  });

  it("shows the server's reason when the offer is refused", async () => {
    const { user } = renderButton({
      'POST /api/listings/l_1/offers': apiError(409, 'CONFLICT', OFFER_MESSAGES.notAvailable),
    });
    const dialog = await openDialog(user);

    await user.type(await within(dialog).findByRole('textbox', { name: 'Your offer' }), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(OFFER_MESSAGES.notAvailable);
    expect(screen.getByRole('dialog', { name: 'Make an offer' })).toBeInTheDocument();
  });

  it("puts the server's field message next to the field", async () => {
    const { user } = renderButton({
      'POST /api/listings/l_1/offers': apiError(400, 'VALIDATION_FAILED', OFFER_MESSAGES.amountInvalid, [
        { path: 'amount', message: OFFER_MESSAGES.amountInvalid },
      ]),
    });
    const dialog = await openDialog(user);

    const amount = await within(dialog).findByRole('textbox', { name: 'Your offer' });
    await user.type(amount, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getAllByText(OFFER_MESSAGES.amountInvalid)).toHaveLength(1);
  });

  it('shows the open offer instead of the form, with what can still be done', async () => {
    const open = asMadeByMember(
      buildOffer({ status: 'countered', counter_amount: 170, actions: ['accept', 'reject', 'cancel'] }),
    );
    const { user } = renderButton({ 'GET /api/listings/l_1/offers/mine': { body: { offer: open } } });
    const dialog = await openDialog(user);

    expect(await within(dialog).findByText(OFFER_MESSAGES.alreadyOpen)).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Your offer' })).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Counter offer$170');
    expect(within(dialog).getByText('Countered')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Accept counter' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel offer' })).toBeInTheDocument();
  });

  it('switches to the open offer when the server says there already is one', async () => {
    const open = asMadeByMember(buildOffer({ actions: ['cancel'] }));
    let mine: unknown = null;
    const { user } = renderButton({
      'GET /api/listings/l_1/offers/mine': () => ({ body: { offer: mine } }),
      'POST /api/listings/l_1/offers': () => {
        mine = open;
        return apiError(409, 'CONFLICT', OFFER_MESSAGES.alreadyOpen);
      },
    });
    const dialog = await openDialog(user);

    await user.type(await within(dialog).findByRole('textbox', { name: 'Your offer' }), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await within(dialog).findByRole('button', { name: 'Cancel offer' })).toBeInTheDocument();
    expect(within(dialog).getByText(OFFER_MESSAGES.alreadyOpen)).toBeInTheDocument();
  });
});
