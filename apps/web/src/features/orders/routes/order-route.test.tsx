import type { OrderDto } from '@castline/shared';
import { ORDER_MESSAGES } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { renderRoute } from '../../../test/render-route';
import { asSeller, buildOrder, ORDER_ID, placedEvent, SELLER } from '../api/order-fixtures';
import { OrderRoute } from './order-route';

type Server = NonNullable<Parameters<typeof renderRoute>[1]>['server'];

const PATH = `/api/orders/${ORDER_ID}`;

function renderOrder(order: OrderDto | null, server: Server = {}) {
  return renderRoute(<OrderRoute />, {
    path: '/orders/:id',
    initialEntry: `/orders/${ORDER_ID}`,
    server: {
      [`GET ${PATH}`]: order ? { body: order } : apiError(404, 'NOT_FOUND', ORDER_MESSAGES.notFound),
      ...server,
    },
  });
}

function actionNames(): string[] {
  const group = screen.queryByRole('group', { name: 'Order actions' });
  return group
    ? within(group)
        .getAllByRole('button')
        .map((button) => button.textContent ?? '')
    : [];
}

function timelineSteps(): string[] {
  const list = screen.getByRole('list', { name: 'Order timeline' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

const paidBySeller = {
  state: 'paid' as const,
  actor: SELLER,
  note: null,
  created_at: '2026-03-02T09:00:00.000Z',
};

describe('order page', () => {
  it('shows the listing, the other member, the state, the amounts and what the buyer does next', async () => {
    renderOrder(buildOrder());

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Shimano Stradic FL 2500' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shimano Stradic FL 2500' })).toHaveAttribute(
      'href',
      '/marketplace/l_1',
    );
    expect(screen.getByRole('link', { name: '@reel_deal' })).toHaveAttribute('href', `/profile/${SELLER.id}`);
    expect(screen.getByText('Awaiting payment')).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Details' });
    expect(details).toHaveTextContent('Price$180');
    expect(details).toHaveTextContent('Shipping$12');
    expect(details).toHaveTextContent('Total$192');
    expect(details).toHaveTextContent('HandoverShipping');
    expect(
      screen.getByText('Arrange payment with @reel_deal; they will confirm once it arrives.'),
    ).toBeInTheDocument();
    expect(document.title).toBe('Order · Shimano Stradic FL 2500 · Castline');
  });

  it('lists the timeline in order with who did each step, when, and its note', async () => {
    renderOrder(
      buildOrder({
        state: 'shipped',
        carrier: 'UPS',
        tracking_number: '1Z999AA10123456784',
        completes_at: '2026-03-17T10:00:00.000Z',
        timeline: [
          placedEvent(),
          paidBySeller,
          {
            state: 'shipped',
            actor: SELLER,
            note: 'UPS 1Z999AA10123456784',
            created_at: '2026-03-03T09:00:00.000Z',
          },
        ],
        actions: ['receive'],
      }),
    );

    await screen.findByRole('list', { name: 'Order timeline' });
    const steps = timelineSteps();
    expect(steps).toHaveLength(3);
    expect(steps[0]).toMatch(/^Order placedby you · /);
    expect(steps[1]).toMatch(/^Payment confirmedby @reel_deal · /);
    expect(steps[2]).toMatch(/^Shippedby @reel_deal · .*UPS 1Z999AA10123456784$/);
    expect(screen.getByRole('region', { name: 'Details' })).toHaveTextContent(
      'Tracking number1Z999AA10123456784',
    );
    expect(
      screen.getByText(
        'Completes automatically on March 17, 2026: 14 days after it was sent, unless you mark it received first.',
      ),
    ).toBeInTheDocument();
    expect(actionNames()).toEqual(['Mark as received']);
  });

  it.each<[string, OrderDto, string[]]>([
    ['the buyer, awaiting payment', buildOrder(), ['Cancel order']],
    [
      'the seller, awaiting payment',
      asSeller(buildOrder({ actions: ['confirm-payment', 'cancel'] })),
      ['Confirm payment received', 'Cancel order'],
    ],
    [
      'the seller, paid',
      asSeller(buildOrder({ state: 'paid', actions: ['ship', 'cancel'] })),
      ['Mark as shipped', 'Cancel order'],
    ],
    ['the buyer, paid', buildOrder({ state: 'paid', actions: ['cancel'] }), ['Cancel order']],
    ['the seller, shipped', asSeller(buildOrder({ state: 'shipped', actions: [] })), []],
    ['the buyer, completed', buildOrder({ state: 'completed', actions: [] }), []],
  ])('offers %s only the steps its DTO lists', async (_who, order, expected) => {
    renderOrder(order);
    await screen.findByRole('heading', { level: 1, name: 'Shimano Stradic FL 2500' });
    expect(actionNames()).toEqual(expected);
  });

  it.each<[string, OrderDto, string]>([
    [
      'the seller of a paid order',
      asSeller(buildOrder({ state: 'paid', actions: ['ship', 'cancel'] })),
      'Ship it or get it ready for pickup, then mark it here: @lake_caster chose shipping.',
    ],
    [
      'the buyer of a paid pickup order',
      buildOrder({ state: 'paid', handover: 'pickup', shipping_price: 0 }),
      '@reel_deal confirmed your payment. Next they get it ready for pickup and tell you where and when.',
    ],
    [
      'the seller waiting for payment',
      asSeller(buildOrder({ actions: ['confirm-payment', 'cancel'] })),
      'Arrange payment with @lake_caster. Confirm it here once it arrives.',
    ],
  ])('says what comes next for %s', async (_who, order, text) => {
    renderOrder(order);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('shows a cancelled order, who cancelled it and why', async () => {
    renderOrder(
      buildOrder({
        state: 'cancelled',
        cancelled_by: 'seller',
        cancel_reason: 'The reel was damaged in storage.',
        timeline: [
          placedEvent(),
          {
            state: 'cancelled',
            actor: SELLER,
            note: 'The reel was damaged in storage.',
            created_at: '2026-03-02T09:00:00.000Z',
          },
        ],
        actions: [],
      }),
    );

    expect(await screen.findByText('@reel_deal cancelled this order.')).toBeInTheDocument();
    expect(screen.getByText('Cancelled', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText('Reason for cancelling').parentElement).toHaveTextContent(
      'The reel was damaged in storage.',
    );
    expect(actionNames()).toEqual([]);
  });

  it('says clearly when the order does not exist for the member', async () => {
    renderOrder(null);
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', '/orders');
  });

  it('confirms a payment after asking, then shows the order paid', async () => {
    const order = asSeller(buildOrder({ actions: ['confirm-payment', 'cancel'] }));
    const paid = asSeller(
      buildOrder({ state: 'paid', timeline: [placedEvent(), paidBySeller], actions: ['ship', 'cancel'] }),
    );
    const { user, server } = renderOrder(order, { [`POST ${PATH}/confirm-payment`]: { body: paid } });

    await user.click(await screen.findByRole('button', { name: 'Confirm payment received' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment received?' });
    expect(dialog).toHaveTextContent('Confirm only once the $192 you arranged with @lake_caster');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, payment received' }));

    expect(
      await screen.findByText('Payment confirmed', { selector: '[role="status"] p' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Paid', { selector: 'span' })).toBeInTheDocument();
    expect(actionNames()).toEqual(['Mark as shipped', 'Cancel order']);
    expect(server.calls('POST', `${PATH}/confirm-payment`)[0]?.rawBody).toBeUndefined();
  });

  it('marks an order shipped: checks the carrier and tracking number first, then sends them', async () => {
    const order = asSeller(buildOrder({ state: 'paid', actions: ['ship', 'cancel'] }));
    const shipped = asSeller(
      buildOrder({
        state: 'shipped',
        carrier: 'UPS',
        tracking_number: '1Z999AA10123456784',
        completes_at: '2026-03-17T10:00:00.000Z',
        actions: [],
      }),
    );
    const { user, server } = renderOrder(order, { [`POST ${PATH}/ship`]: { body: shipped } });

    await user.click(await screen.findByRole('button', { name: 'Mark as shipped' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as shipped' });
    // The order is shipped: shipping is chosen.
    expect(within(dialog).getByRole('radio', { name: /^Shipping/ })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Mark as shipped' }));
    expect(within(dialog).getByText(ORDER_MESSAGES.carrierRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(ORDER_MESSAGES.trackingInvalid)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Carrier' })).toHaveFocus();

    await user.type(within(dialog).getByRole('textbox', { name: 'Carrier' }), 'UPS');
    await user.type(within(dialog).getByRole('textbox', { name: 'Tracking number' }), '1Z#99');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as shipped' }));
    expect(within(dialog).getByText(ORDER_MESSAGES.trackingInvalid)).toBeInTheDocument();
    expect(server.calls('POST', `${PATH}/ship`)).toHaveLength(0);

    const tracking = within(dialog).getByRole('textbox', { name: 'Tracking number' });
    await user.clear(tracking);
    await user.type(tracking, ' 1Z999AA10123456784 ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as shipped' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST', `${PATH}/ship`)[0]?.body).toEqual({
      method: 'shipping',
      carrier: 'UPS',
      tracking_number: '1Z999AA10123456784',
    });
    expect(screen.getByText('Shipped', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Details' })).toHaveTextContent('CarrierUPS');
    expect(
      screen.getByText(/^Completes automatically on March 17, 2026: 14 days after it was sent/),
    ).toBeInTheDocument();
    // The step took its button away: focus goes on to what comes next.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Where it stands' })).toHaveFocus());
  });

  it('readies a pickup order with a note, the choice the order was placed with', async () => {
    const order = asSeller(
      buildOrder({ state: 'paid', handover: 'pickup', shipping_price: 0, actions: ['ship', 'cancel'] }),
    );
    const ready = asSeller(
      buildOrder({
        state: 'shipped',
        handover: 'pickup',
        shipping_price: 0,
        pickup_note: 'Saturday 10am, dock 4',
        actions: [],
      }),
    );
    const { user, server } = renderOrder(order, { [`POST ${PATH}/ship`]: { body: ready } });

    await user.click(await screen.findByRole('button', { name: 'Mark as shipped' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as shipped' });
    expect(within(dialog).getByRole('radio', { name: /^Ready for pickup/ })).toBeChecked();
    expect(within(dialog).queryByRole('textbox', { name: 'Carrier' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Mark ready for pickup' }));
    expect(within(dialog).getByText(ORDER_MESSAGES.pickupNoteRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Pickup note' }), 'Saturday 10am, dock 4');
    await user.click(within(dialog).getByRole('button', { name: 'Mark ready for pickup' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST', `${PATH}/ship`)[0]?.body).toEqual({
      method: 'pickup',
      pickup_note: 'Saturday 10am, dock 4',
    });
    expect(screen.getByText('Ready for pickup', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Details' })).toHaveTextContent('PickupSaturday 10am, dock 4');
  });

  it("puts the server's 400 messages next to their fields", async () => {
    const order = asSeller(buildOrder({ state: 'paid', actions: ['ship', 'cancel'] }));
    const { user } = renderOrder(order, {
      [`POST ${PATH}/ship`]: apiError(400, 'VALIDATION_FAILED', ORDER_MESSAGES.carrierTooLong, [
        { path: 'carrier', message: ORDER_MESSAGES.carrierTooLong },
      ]),
    });

    await user.click(await screen.findByRole('button', { name: 'Mark as shipped' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as shipped' });
    const carrier = within(dialog).getByRole('textbox', { name: 'Carrier' });
    await user.type(carrier, 'UPS');
    await user.type(within(dialog).getByRole('textbox', { name: 'Tracking number' }), '1Z999AA1');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as shipped' }));

    await waitFor(() => expect(carrier).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getAllByText(ORDER_MESSAGES.carrierTooLong)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Mark as shipped' })).toBeInTheDocument();
  });

  it('cancels only with a reason, then shows the order cancelled', async () => {
    const cancelled = buildOrder({
      state: 'cancelled',
      cancelled_by: 'buyer',
      cancel_reason: 'Found one closer to home.',
      actions: [],
    });
    const { user, server } = renderOrder(buildOrder(), { [`POST ${PATH}/cancel`]: { body: cancelled } });

    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent(
      'the listing goes back on the market. @reel_deal is told, with your reason.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(within(dialog).getByText(ORDER_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(reason).toHaveFocus();

    await user.click(reason);
    await user.paste('x'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(within(dialog).getByText(ORDER_MESSAGES.reasonTooLong)).toBeInTheDocument();
    expect(server.calls('POST', `${PATH}/cancel`)).toHaveLength(0);

    await user.clear(reason);
    await user.type(reason, 'Found one closer to home.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST', `${PATH}/cancel`)[0]?.body).toEqual({ reason: 'Found one closer to home.' });
    expect(screen.getByText('You cancelled this order.')).toBeInTheDocument();
    expect(screen.getByText('Reason for cancelling').parentElement).toHaveTextContent(
      'Found one closer to home.',
    );
    expect(actionNames()).toEqual([]);
  });

  it('keeps the dialog open with the reason when the order moved on meanwhile', async () => {
    const { user } = renderOrder(buildOrder({ state: 'shipped', actions: ['receive'] }), {
      [`POST ${PATH}/receive`]: apiError(409, 'CONFLICT', ORDER_MESSAGES.wrongState),
    });

    await user.click(await screen.findByRole('button', { name: 'Mark as received' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as received?' });
    expect(dialog).toHaveTextContent('@reel_deal is told, and the order is complete.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, I have it' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.wrongState);
  });
});
