import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  LISTING_MESSAGES,
  OFFER_MESSAGES,
  ORDER_MESSAGES as M,
  OrderDto,
  OrderListDto,
  type OrderState,
} from '@castline/shared';
import { auditLogs, jobs, notifications, offers, orders, products, profiles } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildListing,
  buildOffer,
  errorOf,
  get,
  guest,
  post,
  signedInMember,
  type BuildListingOverrides,
  type Caller,
  type Member,
} from '../../../test/factories.js';
import { ORDER_COMPLETE_JOB } from './index.js';

const t = useTestApp();
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const DAY_MS = 24 * 60 * 60 * 1000;

const member = () => signedInMember(t.app, t.database.db);
/** A listing that ships ($12) or can be picked up, unless overridden. */
const listingOf = (seller: Member, overrides: BuildListingOverrides = {}) =>
  buildListing(t.database.db, seller.id, {
    title: 'Daiwa BG 3000',
    price: 120,
    handover: 'both',
    shipping_price: 12,
    ships_from: 'Austin, TX',
    handling_days: 2,
    ...overrides,
  });

function buy(listingId: string, caller: Caller, body: Record<string, unknown> = {}) {
  return post(t.app, `/api/listings/${listingId}/buy`, body, caller);
}

async function boughtOrder(
  listingId: string,
  buyer: Member,
  body: Record<string, unknown> = {},
): Promise<OrderDto> {
  const response = await buy(listingId, buyer, body);
  expect(response.statusCode).toBe(201);
  return OrderDto.parse(response.json());
}

function act(orderId: string, action: string, caller: Caller, body?: Record<string, unknown>) {
  return post(t.app, `/api/orders/${orderId}/${action}`, body, caller);
}

async function step(
  orderId: string,
  action: string,
  caller: Member,
  body?: Record<string, unknown>,
): Promise<OrderDto> {
  const response = await act(orderId, action, caller, body);
  expect(response.statusCode, response.body).toBe(200);
  return OrderDto.parse(response.json());
}

async function orderSeenBy(orderId: string, caller: Member): Promise<OrderDto> {
  const response = await get(t.app, `/api/orders/${orderId}`, caller);
  expect(response.statusCode).toBe(200);
  return OrderDto.parse(response.json());
}

async function listingRow(id: string) {
  const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
  return row!;
}

async function salesCount(userId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: profiles.sales_count })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row!.n;
}

async function orderNotes(userId: string) {
  return t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.type, 'ORDER_UPDATE')))
    .orderBy(asc(notifications.created_at));
}

const SHIPPED = { method: 'shipping', carrier: 'UPS', tracking_number: '1Z999AA10123456784' };

describe('buy now', () => {
  it('places an order at the listed price plus shipping, takes the listing off the market and tells the seller', async () => {
    const seller = await member();
    const buyer = await member();
    const listing = await listingOf(seller);

    const order = await boughtOrder(listing.id, buyer);
    expect(order).toMatchObject({
      state: 'awaiting_payment',
      source: 'buy_now',
      role: 'buyer',
      price: 120,
      shipping_price: 12,
      total: 132,
      handover: 'shipping',
      buyer: { id: buyer.id },
      seller: { id: seller.id },
      actions: ['cancel'],
      timeline: [{ state: 'awaiting_payment', actor: { id: buyer.id } }],
    });
    expect(await listingRow(listing.id)).toMatchObject({
      sold: true,
      buyer_id: buyer.id,
      visible_in_marketplace: false,
    });
    const detail = await get(t.app, `/api/listings/${listing.id}`, guest());
    expect(detail.json()).toMatchObject({ sold: true, sale_pending: true });
    expect((await orderSeenBy(order.id, seller)).actions).toEqual(['confirm-payment', 'cancel']);
    expect(await orderNotes(seller.id)).toEqual([
      expect.objectContaining({
        title: 'New order',
        message: `@${buyer.username} bought "Daiwa BG 3000" for $132.00. Arrange payment and confirm it once received.`,
        data: expect.objectContaining({ orderId: order.id, is_seller: true }),
      }),
    ]);
    const [audit] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.entity_id, order.id));
    expect(audit).toMatchObject({
      action: 'order.awaiting_payment',
      user_id: buyer.id,
      entity_type: 'order',
    });
  });

  it('a buyer choosing pickup pays no shipping', async () => {
    const seller = await member();
    const buyer = await member();
    const listing = await listingOf(seller);
    expect(await boughtOrder(listing.id, buyer, { handover: 'pickup' })).toMatchObject({
      handover: 'pickup',
      shipping_price: 0,
      total: 120,
    });
  });

  it('refuses a guest, the seller, a banned member, a pickup-only listing, a handover not offered, a sold listing and an unknown one', async () => {
    const seller = await member();
    const listing = await listingOf(seller, { handover: 'shipping' });
    const pickupOnly = await listingOf(seller, {
      handover: 'pickup',
      shipping_price: null,
      ships_from: null,
      handling_days: null,
    });

    expect(errorOf(await buy(listing.id, guest()))).toMatchObject({ message: M.mustBeLoggedIn });
    expect((await buy(listing.id, guest())).statusCode).toBe(401);
    const own = await buy(listing.id, seller);
    expect([own.statusCode, errorOf(own).message]).toEqual([403, M.ownListing]);
    const banned = await signedInMember(t.app, t.database.db, { profile: { status: 'banned' } });
    const refused = await buy(listing.id, banned);
    expect([refused.statusCode, errorOf(refused).message]).toEqual([403, M.banned]);
    const buyer = await member();
    const pickup = await buy(pickupOnly.id, buyer);
    expect([pickup.statusCode, errorOf(pickup).message]).toEqual([409, M.pickupOnly]);
    const notOffered = await buy(listing.id, buyer, { handover: 'pickup' });
    expect([notOffered.statusCode, errorOf(notOffered).message]).toEqual([409, M.handoverNotOffered]);
    const badBody = await buy(listing.id, buyer, { handover: 'teleport' });
    expect(badBody.statusCode).toBe(400);
    const unknown = await buy(UNKNOWN_ID, buyer);
    expect([unknown.statusCode, errorOf(unknown).message]).toEqual([404, LISTING_MESSAGES.productNotFound]);

    await boughtOrder(listing.id, buyer);
    const again = await buy(listing.id, await member());
    expect([again.statusCode, errorOf(again).message]).toEqual([409, M.notAvailable]);
    // Nothing half-written: one order, the banned member's attempt left none.
    expect(await t.database.db.select().from(orders).where(eq(orders.product_id, listing.id))).toHaveLength(
      1,
    );
  });

  it('closes the listing’s open offers: the buyer’s own is withdrawn, the others are told it sold', async () => {
    const seller = await member();
    const buyer = await member();
    const other = await member();
    const listing = await listingOf(seller);
    const own = await buildOffer(t.database.db, listing, buyer.id, { amount: 90 });
    const theirs = await buildOffer(t.database.db, listing, other.id, { amount: 95 });
    await boughtOrder(listing.id, buyer);
    const statuses = await t.database.db
      .select({ id: offers.id, status: offers.status })
      .from(offers)
      .where(eq(offers.product_id, listing.id));
    expect(Object.fromEntries(statuses.map((o) => [o.id, o.status]))).toEqual({
      [own.id]: 'cancelled',
      [theirs.id]: 'rejected',
    });
    const told = await t.database.db.select().from(notifications).where(eq(notifications.user_id, other.id));
    expect(told.map((n) => n.message)).toEqual([
      '"Daiwa BG 3000" was sold to another buyer, so your offer of $95.00 was rejected',
    ]);
    expect(
      await t.database.db.select().from(notifications).where(eq(notifications.user_id, buyer.id)),
    ).toEqual([]);
  });

  it('two buyers racing for one listing: one order, one clear refusal', async () => {
    const seller = await member();
    const listing = await listingOf(seller);
    const [first, second] = [await member(), await member()];
    const answers = await Promise.all([buy(listing.id, first), buy(listing.id, second)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(errorOf(answers.find((a) => a.statusCode === 409)!).message).toBe(M.notAvailable);
    expect(await t.database.db.select().from(orders).where(eq(orders.product_id, listing.id))).toHaveLength(
      1,
    );
  });

  it('a buy now and the acceptance of another buyer’s offer racing: one order; the loser is refused', async () => {
    const seller = await member();
    const listing = await listingOf(seller);
    const [offerer, buyer] = [await member(), await member()];
    const offer = await buildOffer(t.database.db, listing, offerer.id, { amount: 100 });
    const [bought, accepted] = await Promise.all([
      buy(listing.id, buyer),
      post(t.app, `/api/offers/${offer.id}/accept`, undefined, seller),
    ]);
    // Whichever came first holds the listing; the other is told it is gone.
    const outcome = [bought.statusCode, accepted.statusCode];
    expect(outcome[0] === 201 ? outcome : [accepted.statusCode, bought.statusCode]).toEqual(
      outcome[0] === 201 ? [201, 409] : [200, 409],
    );
    // The buyer who lost hears the listing is gone; a seller who lost, that the sale closed the offer.
    if (bought.statusCode === 201)
      expect([OFFER_MESSAGES.notOpen, OFFER_MESSAGES.notAvailable]).toContain(errorOf(accepted).message);
    else expect(errorOf(bought).message).toBe(M.notAvailable);
    const live = await t.database.db.select().from(orders).where(eq(orders.product_id, listing.id));
    expect(live).toHaveLength(1);
  });
});

describe('an order from payment to completion', () => {
  it('walks awaiting payment → paid → shipped → received → completed, each step told to the other side and kept in the timeline', async () => {
    const seller = await member();
    const buyer = await member();
    const listing = await listingOf(seller);
    const order = await boughtOrder(listing.id, buyer);
    const salesBefore = await salesCount(seller.id);

    const paid = await step(order.id, 'confirm-payment', seller);
    expect(paid).toMatchObject({ state: 'paid', actions: ['ship', 'cancel'] });
    expect((await orderNotes(buyer.id)).at(-1)).toMatchObject({
      title: 'Payment confirmed',
      message: `@${seller.username} confirmed your payment for "Daiwa BG 3000"`,
    });

    const shipped = await step(order.id, 'ship', seller, {
      ...SHIPPED,
      tracking_number: ' 1Z999AA10123456784 ',
    });
    expect(shipped).toMatchObject({
      state: 'shipped',
      carrier: 'UPS',
      tracking_number: '1Z999AA10123456784',
      actions: [],
    });
    expect(new Date(shipped.completes_at!).getTime() - Date.now()).toBeGreaterThan(13.9 * DAY_MS);
    expect((await orderNotes(buyer.id)).at(-1)).toMatchObject({
      title: 'Order shipped',
      message: '"Daiwa BG 3000" is on its way with UPS (tracking 1Z999AA10123456784)',
    });
    expect((await orderSeenBy(order.id, buyer)).actions).toEqual(['receive']);
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, ORDER_COMPLETE_JOB), eq(jobs.key, order.id)));
    expect(job?.run_at.toISOString()).toBe(shipped.completes_at);

    const done = await step(order.id, 'receive', buyer);
    expect(done).toMatchObject({ state: 'completed', actions: [], completes_at: null });
    expect(done.timeline.map((e) => e.state)).toEqual([
      'awaiting_payment',
      'paid',
      'shipped',
      'received',
      'completed',
    ]);
    expect(done.timeline[2]).toMatchObject({ actor: { id: seller.id }, note: 'UPS 1Z999AA10123456784' });
    expect(done.timeline[4]).toMatchObject({ actor: null });
    expect(await salesCount(seller.id)).toBe(salesBefore + 1);
    expect((await orderNotes(seller.id)).map((n) => n.title)).toEqual([
      'New order',
      'Order received',
      'Order completed',
    ]);
    expect((await orderNotes(buyer.id)).map((n) => n.title)).toEqual([
      'Payment confirmed',
      'Order shipped',
      'Order completed',
    ]);
    // The completed order's job is gone with it.
    expect(
      await t.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.name, ORDER_COMPLETE_JOB), eq(jobs.key, order.id))),
    ).toHaveLength(0);
  });

  it('a pickup: ready for pickup with a note, then received', async () => {
    const seller = await member();
    const buyer = await member();
    const listing = await listingOf(seller);
    const order = await boughtOrder(listing.id, buyer, { handover: 'pickup' });
    await step(order.id, 'confirm-payment', seller);
    const ready = await step(order.id, 'ship', seller, {
      method: 'pickup',
      pickup_note: 'Saturday 9–11 at the Lamar Blvd boat ramp',
    });
    expect(ready).toMatchObject({
      state: 'shipped',
      pickup_note: 'Saturday 9–11 at the Lamar Blvd boat ramp',
      carrier: null,
    });
    expect((await orderNotes(buyer.id)).at(-1)).toMatchObject({
      title: 'Ready for pickup',
      message: '"Daiwa BG 3000" is ready for pickup: Saturday 9–11 at the Lamar Blvd boat ramp',
    });
    expect((await step(order.id, 'receive', buyer)).state).toBe('completed');
  });

  it('with returns accepted, received waits for the return window before it completes', async () => {
    const seller = await member();
    const buyer = await member();
    const listing = await listingOf(seller, { returns_accepted: true, return_window_days: 14 });
    const order = await boughtOrder(listing.id, buyer);
    await step(order.id, 'confirm-payment', seller);
    await step(order.id, 'ship', seller, SHIPPED);
    const received = await step(order.id, 'receive', buyer);
    expect(received).toMatchObject({ state: 'received', return_window_days: 14, actions: [] });
    expect(new Date(received.completes_at!).getTime() - Date.now()).toBeGreaterThan(13.9 * DAY_MS);

    expect(await t.app.jobs.runDue(new Date(Date.now() + 13 * DAY_MS))).toBe(0);
    expect((await orderSeenBy(order.id, buyer)).state).toBe('received');
    expect(await t.app.jobs.runDue(new Date(Date.now() + 15 * DAY_MS))).toBeGreaterThanOrEqual(1);
    const completed = await orderSeenBy(order.id, buyer);
    expect(completed.state).toBe('completed');
    expect(completed.timeline.at(-1)).toMatchObject({
      state: 'completed',
      actor: null,
      note: 'Completed automatically when the 14-day return window closed',
    });
  });

  it('refuses the wrong side (403), the wrong state (409), bad shipping details (400), strangers (404)', async () => {
    const seller = await member();
    const buyer = await member();
    const stranger = await member();
    const listing = await listingOf(seller);
    const order = await boughtOrder(listing.id, buyer);

    const byBuyer = await act(order.id, 'confirm-payment', buyer);
    expect([byBuyer.statusCode, errorOf(byBuyer).message]).toEqual([403, M.notAllowed]);
    const early = await act(order.id, 'receive', buyer);
    expect([early.statusCode, errorOf(early).message]).toEqual([409, M.wrongState]);
    const notPaid = await act(order.id, 'ship', seller, SHIPPED);
    expect([notPaid.statusCode, errorOf(notPaid).message]).toEqual([409, M.wrongState]);
    for (const who of [stranger, guest()]) {
      expect((await get(t.app, `/api/orders/${order.id}`, who)).statusCode).toBe(
        who === stranger ? 404 : 401,
      );
      expect((await act(order.id, 'cancel', who, { reason: 'x' })).statusCode).toBe(
        who === stranger ? 404 : 401,
      );
    }
    expect((await get(t.app, '/api/orders/not-an-id', seller)).statusCode).toBe(404);

    await step(order.id, 'confirm-payment', seller);
    const again = await act(order.id, 'confirm-payment', seller);
    expect([again.statusCode, errorOf(again).message]).toEqual([409, M.wrongState]);
    for (const body of [
      { method: 'shipping', carrier: 'UPS', tracking_number: '12' },
      { method: 'shipping', carrier: 'UPS', tracking_number: '<script>' },
      { method: 'shipping', carrier: '', tracking_number: '1Z999AA1' },
      { method: 'pickup', pickup_note: '   ' },
      { method: 'drone' },
      {},
    ]) {
      const bad = await act(order.id, 'ship', seller, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    const shipByBuyer = await act(order.id, 'ship', buyer, SHIPPED);
    expect(shipByBuyer.statusCode).toBe(403);
    expect((await orderSeenBy(order.id, seller)).state).toBe('paid');

    // A banned seller can no longer move it.
    await t.database.db.update(profiles).set({ status: 'banned' }).where(eq(profiles.id, seller.id));
    const banned = await act(order.id, 'ship', seller, SHIPPED);
    expect([banned.statusCode, errorOf(banned).message]).toEqual([403, M.banned]);
    await t.database.db.update(profiles).set({ status: 'active' }).where(eq(profiles.id, seller.id));

    await step(order.id, 'ship', seller, SHIPPED);
    const late = await act(order.id, 'cancel', buyer, { reason: 'Changed my mind' });
    expect([late.statusCode, errorOf(late).message]).toEqual([409, M.wrongState]);
  });

  it('either side cancels before shipping with a reason; the listing returns to the market', async () => {
    const seller = await member();
    const buyer = await member();
    const listing = await listingOf(seller);
    const order = await boughtOrder(listing.id, buyer);

    const noReason = await act(order.id, 'cancel', buyer, { reason: '  ' });
    expect([noReason.statusCode, errorOf(noReason).message]).toEqual([400, M.reasonRequired]);
    const cancelled = await step(order.id, 'cancel', buyer, { reason: 'Found one closer to home' });
    expect(cancelled).toMatchObject({
      state: 'cancelled',
      cancelled_by: 'buyer',
      cancel_reason: 'Found one closer to home',
      actions: [],
    });
    expect(await listingRow(listing.id)).toMatchObject({
      sold: false,
      buyer_id: null,
      visible_in_marketplace: true,
    });
    expect((await orderNotes(seller.id)).at(-1)).toMatchObject({
      title: 'Order cancelled',
      message: `@${buyer.username} cancelled the order for "Daiwa BG 3000": Found one closer to home`,
    });

    // Back on the market, it can be bought again; the seller cancels this one once paid.
    const second = await boughtOrder(listing.id, await member());
    await step(second.id, 'confirm-payment', seller);
    expect(
      (await step(second.id, 'cancel', seller, { reason: 'Reel was damaged in storage' })).cancelled_by,
    ).toBe('seller');
  });
});

describe('auto-completion', () => {
  async function shippedOrder() {
    const seller = await member();
    const buyer = await member();
    const listing = await listingOf(seller);
    const order = await boughtOrder(listing.id, buyer);
    await step(order.id, 'confirm-payment', seller);
    await step(order.id, 'ship', seller, SHIPPED);
    return { seller, buyer, order };
  }

  it('an order not marked received 14 days after shipping completes by itself, once, however often the job runs', async () => {
    const { seller, buyer, order } = await shippedOrder();
    const before = await salesCount(seller.id);
    expect(await t.app.jobs.runDue(new Date(Date.now() + 13 * DAY_MS))).toBe(0);
    expect((await orderSeenBy(order.id, buyer)).state).toBe('shipped');

    const later = new Date(Date.now() + 15 * DAY_MS);
    // Two runs at once (on PostgreSQL each holds its own connection, as two instances would).
    await Promise.all([t.app.jobs.runDue(later), t.app.jobs.runDue(later)]);
    const done = await orderSeenBy(order.id, buyer);
    expect(done.state).toBe('completed');
    expect(done.timeline.filter((e) => e.state === 'completed')).toHaveLength(1);
    expect(done.timeline.at(-1)?.note).toBe(
      'Completed automatically 14 days after it was sent, as it was not marked received',
    );
    expect(await salesCount(seller.id)).toBe(before + 1);

    // The same job asked for again finds the order completed and changes nothing.
    await t.app.jobs.enqueue(t.database.db, {
      name: ORDER_COMPLETE_JOB,
      key: order.id,
      runAt: new Date(),
      payload: { orderId: order.id },
    });
    await t.app.jobs.runDue(later);
    expect((await orderSeenBy(order.id, buyer)).timeline.filter((e) => e.state === 'completed')).toHaveLength(
      1,
    );
    expect(await salesCount(seller.id)).toBe(before + 1);
    expect((await orderNotes(buyer.id)).filter((n) => n.title === 'Order completed')).toHaveLength(1);
  });

  it('a buyer marking it received first leaves the job nothing to do', async () => {
    const { buyer, order } = await shippedOrder();
    await step(order.id, 'receive', buyer);
    await t.app.jobs.runDue(new Date(Date.now() + 15 * DAY_MS));
    expect((await orderSeenBy(order.id, buyer)).timeline.filter((e) => e.state === 'completed')).toHaveLength(
      1,
    );
  });
});

describe('orders from offers and marked sales; the lists', () => {
  it('an accepted offer becomes an order at the agreed amount with the buyer’s delivery choice', async () => {
    const seller = await member();
    const buyer = await member();
    const listing = await listingOf(seller);
    const made = await post(
      t.app,
      `/api/listings/${listing.id}/offers`,
      { amount: 100, handover: 'pickup' },
      buyer,
    );
    expect(made.statusCode).toBe(201);
    const accepted = await post(t.app, `/api/offers/${made.json().id}/accept`, undefined, seller);
    expect(accepted.statusCode).toBe(200);
    const order = await orderSeenBy(accepted.json().order_id, buyer);
    expect(order).toMatchObject({
      source: 'offer',
      price: 100,
      handover: 'pickup',
      shipping_price: 0,
      total: 100,
    });
  });

  it('marking a listing sold by hand records a completed order', async () => {
    const seller = await member();
    const buyer = await member();
    const listing = await listingOf(seller);
    expect(
      (await post(t.app, `/api/listings/${listing.id}/mark-sold`, { buyer_id: buyer.id }, seller)).statusCode,
    ).toBe(200);
    const sales = OrderListDto.parse((await get(t.app, '/api/me/orders?role=selling', seller)).json());
    expect(sales.items).toEqual([
      expect.objectContaining({
        state: 'completed',
        source: 'marked_sold',
        price: 120,
        handover: null,
        buyer: expect.objectContaining({ id: buyer.id }),
      }),
    ]);
  });

  it('Purchases and Sales list each side’s orders, filtered by state', async () => {
    const seller = await member();
    const buyer = await member();
    const states: OrderState[] = [];
    for (const title of ['Shimano SLX', 'Penn Spinfisher', 'Okuma Ceymar']) {
      const listing = await listingOf(seller, { title });
      const order = await boughtOrder(listing.id, buyer);
      if (title === 'Penn Spinfisher') await step(order.id, 'confirm-payment', seller);
      if (title === 'Okuma Ceymar') await step(order.id, 'cancel', buyer, { reason: 'Ordered by mistake' });
      states.push((await orderSeenBy(order.id, buyer)).state);
    }
    const list = async (caller: Member, query: string) => {
      const response = await get(t.app, `/api/me/orders?${query}`, caller);
      expect(response.statusCode).toBe(200);
      return OrderListDto.parse(response.json());
    };
    const purchases = await list(buyer, 'role=buying');
    expect(purchases.items.map((o) => [o.listing.title, o.state, o.role])).toEqual([
      ['Okuma Ceymar', 'cancelled', 'buyer'],
      ['Penn Spinfisher', 'paid', 'buyer'],
      ['Shimano SLX', 'awaiting_payment', 'buyer'],
    ]);
    expect((await list(buyer, 'role=buying&state=open')).items.map((o) => o.listing.title)).toEqual([
      'Penn Spinfisher',
      'Shimano SLX',
    ]);
    expect((await list(buyer, 'role=buying&state=cancelled')).total).toBe(1);
    expect((await list(buyer, 'role=selling')).total).toBe(0);
    expect((await list(seller, 'role=selling&state=paid')).items.map((o) => o.role)).toEqual(['seller']);
    expect((await get(t.app, '/api/me/orders?role=everyone', buyer)).statusCode).toBe(400);
    expect((await get(t.app, '/api/me/orders?role=buying', guest())).statusCode).toBe(401);
  });
});
