import { and, asc, eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import {
  LISTING_MESSAGES,
  LISTING_TERMS_MESSAGES,
  MyListingOfferDto,
  OFFER_EXPIRY_MS,
  OFFER_MESSAGES as M,
  OfferDto,
  OfferListDto,
} from '@castline/shared';
import { notifications, offers, products, profiles } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildListing,
  buildMessage,
  buildOffer,
  buildUser,
  errorOf,
  get,
  guest,
  post,
  signedInMember,
  type BuildListingOverrides,
  type Caller,
  type Member,
} from '../../../test/factories.js';
import { listen, openSocket } from '../../../test/realtime-client.js';
import { createRealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import { createMemoryBus } from '../../platform/bus/event-bus.js';
import { createDomainEvents } from '../../platform/events/domain-events.js';
import { createOffersRepository } from './offers.repository.js';
import { createOffersService } from './offers.service.js';

const t = useTestApp();
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const member = () => signedInMember(t.app, t.database.db);
const listingOf = (seller: Member, overrides: BuildListingOverrides = {}) =>
  buildListing(t.database.db, seller.id, { title: 'Shimano Stradic FL 2500', price: 180, ...overrides });

async function makeOffer(listingId: string, buyer: Caller, body: Record<string, unknown> = { amount: 150 }) {
  return post(t.app, `/api/listings/${listingId}/offers`, body, buyer);
}

async function offerOn(listingId: string, buyer: Member, amount = 150): Promise<OfferDto> {
  const response = await makeOffer(listingId, buyer, { amount });
  expect(response.statusCode).toBe(201);
  return OfferDto.parse(response.json());
}

function act(offerId: string, action: string, caller: Member, body?: Record<string, unknown>) {
  return post(t.app, `/api/offers/${offerId}/${action}`, body, caller);
}

async function notificationsOf(userId: string) {
  return t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.user_id, userId))
    .orderBy(asc(notifications.created_at));
}

async function listOffers(caller: Member, query: string): Promise<OfferListDto> {
  const response = await get(t.app, `/api/me/offers?${query}`, caller);
  expect(response.statusCode).toBe(200);
  return OfferListDto.parse(response.json());
}

const aMinuteAgo = () => new Date(Date.now() - 60_000);

async function pushPastExpiry(offerId: string) {
  await t.database.db
    .update(offers)
    .set({ expires_at: sql`now() - interval '1 minute'` })
    .where(eq(offers.id, offerId));
}

describe('offers: make → counter → accept → order', () => {
  it('walks the whole flow, notifying the other side with the right type and role at each step', async () => {
    const seller = await member();
    const buyer = await member();
    const rival = await member();
    const listing = await listingOf(seller);

    const made = await offerOn(listing.id, buyer, 150.46);
    expect(made).toMatchObject({
      product_id: listing.id,
      listing: {
        id: listing.id,
        title: 'Shimano Stradic FL 2500',
        price: 180,
        seller_id: seller.id,
        sold: false,
      },
      buyer: { id: buyer.id, username: buyer.username },
      seller: { id: seller.id, username: seller.username },
      amount: 150.46,
      note: null,
      counter_amount: null,
      status: 'pending',
      actions: ['cancel'],
    });
    const expiresIn = new Date(made.expires_at).getTime() - Date.now();
    expect(Math.abs(expiresIn - OFFER_EXPIRY_MS)).toBeLessThan(60_000);
    const [received] = await notificationsOf(seller.id);
    expect(received).toMatchObject({
      type: 'OFFER_RECEIVED',
      title: 'New Offer',
      message: `${buyer.username} offered $150.46 for "Shimano Stradic FL 2500"`,
      read: false,
      data: {
        offerId: made.id,
        productId: listing.id,
        product_id: listing.id,
        productName: 'Shimano Stradic FL 2500',
        amount: 150.46,
        is_seller: true,
      },
    });

    const rivalOffer = await offerOn(listing.id, rival, 140);

    // The seller sees both, with their own actions.
    const inbox = await listOffers(seller, 'role=received&status=open');
    expect(inbox.total).toBe(2);
    expect(inbox.items.map((o) => [o.id, o.actions])).toEqual([
      [rivalOffer.id, ['accept', 'reject', 'counter']],
      [made.id, ['accept', 'reject', 'counter']],
    ]);

    const counter = await act(made.id, 'counter', seller, { amount: 170, note: '  Firm on shipping  ' });
    expect(counter.statusCode).toBe(200);
    const countered = OfferDto.parse(counter.json());
    expect(countered).toMatchObject({
      status: 'countered',
      amount: 150.46,
      counter_amount: 170,
      counter_note: 'Firm on shipping',
      actions: [],
    });
    expect(new Date(countered.expires_at).getTime()).toBeGreaterThanOrEqual(
      new Date(made.expires_at).getTime(),
    );
    expect((await notificationsOf(buyer.id)).at(-1)).toMatchObject({
      type: 'OFFER_COUNTERED',
      message: `${seller.username} countered your offer for "Shimano Stradic FL 2500" with $170.00`,
      data: { offerId: made.id, amount: 170, is_seller: false },
    });

    const mine = MyListingOfferDto.parse(
      (await get(t.app, `/api/listings/${listing.id}/offers/mine`, buyer)).json(),
    );
    expect(mine.offer).toMatchObject({
      id: made.id,
      status: 'countered',
      actions: ['accept', 'reject', 'cancel'],
    });

    const accept = await act(made.id, 'accept', buyer);
    expect(accept.statusCode).toBe(200);
    expect(accept.json()).toMatchObject({ status: 'accepted', actions: [] });
    expect((await notificationsOf(seller.id)).at(-1)).toMatchObject({
      type: 'OFFER_ACCEPTED',
      message: `${buyer.username} accepted your counter-offer of $170.00 for "Shimano Stradic FL 2500"`,
      data: { offerId: made.id, amount: 170, is_seller: true },
    });
    // The accepted offer is an order now: the listing is off the market and the offer leads to it.
    const sellerView = await listOffers(seller, 'role=received');
    const acceptedOffer = sellerView.items.find((o) => o.id === made.id);
    expect(acceptedOffer).toMatchObject({ actions: [], listing: { sold: true, available: false } });
    expect(acceptedOffer?.order_id).toEqual(expect.any(String));
    const order = await get(t.app, `/api/orders/${acceptedOffer!.order_id}`, seller);
    expect(order.json()).toMatchObject({
      state: 'awaiting_payment',
      source: 'offer',
      price: 170,
      buyer: { id: buyer.id },
      actions: ['confirm-payment', 'cancel'],
    });
    // Marking it sold by hand is for sales made outside Castline: this one is taken.
    const sold = await post(t.app, `/api/listings/${listing.id}/mark-sold`, { buyer_id: buyer.id }, seller);
    expect(sold.statusCode).toBe(409);

    const rivalNotes = await notificationsOf(rival.id);
    expect(rivalNotes).toHaveLength(1);
    expect(rivalNotes[0]).toMatchObject({
      type: 'OFFER_REJECTED',
      title: 'Offer Rejected',
      message: '"Shimano Stradic FL 2500" was sold to another buyer, so your offer of $140.00 was rejected',
      data: { offerId: rivalOffer.id, productId: listing.id, amount: 140, is_seller: false },
    });
    const made2 = await listOffers(rival, 'role=made');
    expect(made2.items).toEqual([
      expect.objectContaining({ id: rivalOffer.id, status: 'rejected', actions: [] }),
    ]);
    const afterSale = await listOffers(seller, 'role=received');
    expect(afterSale.items.find((o) => o.id === made.id)).toMatchObject({
      status: 'accepted',
      actions: [],
      listing: { sold: true, available: false },
    });
    expect((await listOffers(seller, 'role=received&status=open')).total).toBe(0);
  });

  it('the seller accepts or rejects a pending offer; the buyer rejects a counter or cancels', async () => {
    const seller = await member();
    const buyer = await member();
    const title = 'Penn Battle III 4000';
    const a = await listingOf(seller, { title });
    const b = await listingOf(seller, { title });
    const c = await listingOf(seller, { title });
    const d = await listingOf(seller, { title });

    const accepted = await buildOffer(t.database.db, a, buyer.id, { amount: 80 });
    expect((await act(accepted.id, 'accept', seller)).json()).toMatchObject({
      status: 'accepted',
      actions: [],
      order_id: expect.any(String),
    });
    expect((await notificationsOf(buyer.id)).at(-1)).toMatchObject({
      type: 'OFFER_ACCEPTED',
      message: `Your offer of $80.00 for "${title}" was accepted`,
      data: { is_seller: false },
    });

    const rejected = await buildOffer(t.database.db, b, buyer.id, { amount: 20 });
    expect((await act(rejected.id, 'reject', seller)).json()).toMatchObject({
      status: 'rejected',
      actions: [],
    });
    expect((await notificationsOf(buyer.id)).at(-1)).toMatchObject({
      type: 'OFFER_REJECTED',
      message: `Your offer of $20.00 for "${title}" was rejected`,
      data: { is_seller: false },
    });

    const declined = await buildOffer(t.database.db, c, buyer.id, { amount: 50 });
    await act(declined.id, 'counter', seller, { amount: 75 });
    expect((await act(declined.id, 'reject', buyer)).json()).toMatchObject({ status: 'rejected' });
    expect((await notificationsOf(seller.id)).at(-1)).toMatchObject({
      type: 'OFFER_REJECTED',
      message: `${buyer.username} rejected your counter-offer of $75.00 for "${title}"`,
      data: { is_seller: true },
    });

    const withdrawn = await buildOffer(t.database.db, d, buyer.id, { amount: 60 });
    expect((await act(withdrawn.id, 'cancel', buyer)).json()).toMatchObject({
      status: 'cancelled',
      actions: [],
    });
    expect((await notificationsOf(seller.id)).at(-1)).toMatchObject({
      type: 'OFFER_CANCELLED',
      title: 'Offer Cancelled',
      message: `${buyer.username} cancelled their offer of $60.00 for "${title}"`,
      data: { offerId: withdrawn.id, is_seller: true },
    });
    // Cancelled frees the slot: a new offer on the same listing is fine.
    await offerOn(d.id, buyer, 65);

    const made = await listOffers(buyer, 'role=made&pageSize=2&page=1');
    expect(made).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(made.items).toHaveLength(2);
    const page3 = await listOffers(buyer, 'role=made&pageSize=2&page=3');
    expect(page3.items).toHaveLength(1);
    expect(page3.items[0]!.id).toBe(accepted.id);
    expect((await listOffers(buyer, 'role=made&status=open')).total).toBe(1);
  });

  it('sold elsewhere (no buyer) rejects every open offer; a direct sale accepts the buyer’s own open offer', async () => {
    const seller = await member();
    const first = await buildUser(t.database.db);
    const second = await buildUser(t.database.db);
    const listing = await listingOf(seller);
    const one = await buildOffer(t.database.db, listing, first.id);
    const two = await buildOffer(t.database.db, listing, second.id);
    await post(t.app, `/api/listings/${listing.id}/mark-sold`, { buyer_id: null }, seller);
    const rows = await t.database.db.select().from(offers).where(eq(offers.product_id, listing.id));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [one.id]: 'rejected',
      [two.id]: 'rejected',
    });
    expect((await notificationsOf(first.id)).map((n) => n.type)).toEqual(['OFFER_REJECTED']);

    const other = await listingOf(seller);
    const own = await buildOffer(t.database.db, other, first.id);
    const rival = await buildOffer(t.database.db, other, second.id);
    await post(t.app, `/api/listings/${other.id}/mark-sold`, { buyer_id: first.id }, seller);
    const settled = await t.database.db.select().from(offers).where(eq(offers.product_id, other.id));
    expect(Object.fromEntries(settled.map((r) => [r.id, r.status]))).toEqual({
      [own.id]: 'accepted',
      [rival.id]: 'rejected',
    });
    expect((await notificationsOf(first.id)).at(-1)).toMatchObject({ type: 'PRODUCT_SOLD' });
  });
});

describe('offers: errors', () => {
  it('making an offer: 401, 404, 403, 409 and 400 with their texts', async () => {
    const seller = await member();
    const buyer = await member();
    const listing = await listingOf(seller);

    const anonymous = await makeOffer(listing.id, guest());
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous)).toEqual({ code: 'UNAUTHENTICATED', message: M.mustBeLoggedIn });
    expect(errorOf(await makeOffer('not-a-uuid', guest())).message).toBe(M.mustBeLoggedIn);

    const hidden = await listingOf(seller, { moderation_status: 'hidden' });
    const deleted = await listingOf(seller, { deleted: true, visible_in_marketplace: false });
    for (const id of [UNKNOWN_ID, 'not-a-uuid', hidden.id, deleted.id]) {
      const response = await makeOffer(id, buyer);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: LISTING_MESSAGES.productNotFound });
    }

    const own = await makeOffer(listing.id, seller);
    expect(own.statusCode).toBe(403);
    expect(errorOf(own)).toEqual({ code: 'FORBIDDEN', message: M.ownListing });

    const sold = await listingOf(seller, { sold: true, visible_in_marketplace: false, buyer_id: buyer.id });
    const soldResponse = await makeOffer(sold.id, buyer);
    expect(soldResponse.statusCode).toBe(409);
    expect(errorOf(soldResponse)).toEqual({ code: 'CONFLICT', message: M.notAvailable });

    for (const [body, message] of [
      [{ amount: 0 }, M.amountInvalid],
      [{ amount: -5 }, M.amountInvalid],
      [{ amount: 'ten' }, M.amountInvalid],
      [{}, M.amountInvalid],
      [{ amount: 1_000_000 }, M.amountTooHigh],
      [{ amount: 10, note: 'x'.repeat(501) }, M.noteTooLong],
    ] as const) {
      const response = await makeOffer(listing.id, buyer, body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(message);
    }

    await buildOffer(t.database.db, listing, buyer.id, { amount: 100 });
    const twice = await makeOffer(listing.id, buyer, { amount: 120 });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toEqual({ code: 'CONFLICT', message: M.alreadyOpen });
    // Both at once: the open-offer index lets exactly one through.
    const other = await listingOf(seller);
    const racing = await Promise.all([makeOffer(other.id, buyer), makeOffer(other.id, buyer)]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409]);

    const banned = await member();
    await t.database.db.update(profiles).set({ status: 'banned' }).where(eq(profiles.id, banned.id));
    const bannedResponse = await makeOffer(listing.id, banned);
    expect(bannedResponse.statusCode).toBe(403);
    expect(errorOf(bannedResponse)).toEqual({ code: 'FORBIDDEN', message: M.banned });
  });

  it('a listing whose seller takes no offers answers 409 with its text, whatever the body, and keeps no offer', async () => {
    const seller = await member();
    const buyer = await member();
    const closed = await listingOf(seller, { accepts_offers: false });
    for (const body of [{ amount: 150 }, { amount: 'ten' }]) {
      const response = await makeOffer(closed.id, buyer, body);
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toEqual({ code: 'CONFLICT', message: LISTING_TERMS_MESSAGES.offersClosed });
    }
    const kept = await t.database.db.select().from(offers).where(eq(offers.product_id, closed.id));
    expect(kept).toEqual([]);
    // The seller opens it to offers again: the same offer goes through.
    await t.database.db.update(products).set({ accepts_offers: true }).where(eq(products.id, closed.id));
    expect((await makeOffer(closed.id, buyer)).statusCode).toBe(201);
  });

  it('amounts are whole cents and JSON numbers: an offer or counter below a cent answers 400 naming the field, never 500', async () => {
    const seller = await member();
    const buyer = await member();
    const listing = await listingOf(seller);
    const refused: [unknown, string][] = [
      [0.001, M.amountInvalid],
      [0.005, M.amountInvalid],
      [1e-320, M.amountInvalid],
      [-0, M.amountInvalid],
      [150.456, M.amountInvalid],
      [999_999.999, M.amountTooHigh],
      [1e308, M.amountTooHigh],
      [true, M.amountInvalid],
      ['12', M.amountInvalid],
      [[1], M.amountInvalid],
      ['NaN', M.amountInvalid],
    ];
    for (const [amount, message] of refused) {
      const response = await makeOffer(listing.id, buyer, { amount });
      expect(response.statusCode, `${JSON.stringify(amount)}: ${response.body}`).toBe(400);
      expect(errorOf(response)).toEqual({
        code: 'VALIDATION_FAILED',
        message,
        issues: [{ path: 'amount', message }],
      });
    }
    expect(await t.database.db.$count(offers, eq(offers.product_id, listing.id))).toBe(0);

    const offer = await offerOn(listing.id, buyer, 0.01);
    expect(offer.amount).toBe(0.01);
    for (const [amount, message] of refused) {
      const response = await act(offer.id, 'counter', seller, { amount });
      expect(response.statusCode, `counter ${JSON.stringify(amount)}: ${response.body}`).toBe(400);
      expect(errorOf(response)).toEqual({
        code: 'VALIDATION_FAILED',
        message,
        issues: [{ path: 'amount', message }],
      });
    }
    const [row] = await t.database.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(row).toMatchObject({ status: 'pending', counter_amount: null });
    const countered = await act(offer.id, 'counter', seller, { amount: 999_999.99 });
    expect(countered.statusCode, countered.body).toBe(200);
    expect(countered.json()).toMatchObject({ status: 'countered', counter_amount: 999_999.99 });
  });

  it('acting on an offer: only its members, only the allowed actions, only while open', async () => {
    const seller = await member();
    const buyer = await member();
    const stranger = await member();
    const listing = await listingOf(seller);
    const offer = await buildOffer(t.database.db, listing, buyer.id);

    // A stranger cannot see, accept or cancel someone else's offer.
    for (const action of ['accept', 'reject', 'cancel']) {
      const response = await act(offer.id, action, stranger);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: M.notFound });
    }
    for (const id of [UNKNOWN_ID, 'nope']) {
      expect(errorOf(await act(id, 'accept', seller))).toEqual({ code: 'NOT_FOUND', message: M.notFound });
    }
    const anonymous = await post(t.app, `/api/offers/${offer.id}/accept`, undefined, guest());
    expect(anonymous.statusCode).toBe(401);

    // Members, but not their move.
    for (const [action, caller] of [
      ['accept', buyer],
      ['reject', buyer],
      ['counter', buyer],
      ['cancel', seller],
    ] as const) {
      const response = await act(offer.id, action, caller, action === 'counter' ? { amount: 10 } : undefined);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toEqual({ code: 'FORBIDDEN', message: M.notAllowed });
    }

    // A counter's body is checked once the seller may counter.
    const badCounter = await act(offer.id, 'counter', seller, { amount: -1 });
    expect(badCounter.statusCode).toBe(400);
    expect(errorOf(badCounter).message).toBe(M.amountInvalid);
    const strangerCounter = await act(offer.id, 'counter', stranger, { amount: -1 });
    expect(strangerCounter.statusCode).toBe(404);

    const banned = await member();
    const bannedOffer = await buildOffer(t.database.db, listing, banned.id);
    await t.database.db.update(profiles).set({ status: 'banned' }).where(eq(profiles.id, banned.id));
    const bannedCancel = await act(bannedOffer.id, 'cancel', banned);
    expect(bannedCancel.statusCode).toBe(403);
    expect(errorOf(bannedCancel)).toEqual({ code: 'FORBIDDEN', message: M.banned });

    expect((await act(offer.id, 'reject', seller)).statusCode).toBe(200);
    for (const [action, caller] of [
      ['accept', seller],
      ['reject', seller],
      ['cancel', buyer],
    ] as const) {
      const response = await act(offer.id, action, caller);
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toEqual({ code: 'CONFLICT', message: M.notOpen });
    }

    // A deleted listing freezes its open offers.
    const gone = await listingOf(seller);
    const frozen = await buildOffer(t.database.db, gone, buyer.id);
    await t.database.db
      .update(products)
      .set({ deleted: true, visible_in_marketplace: false })
      .where(eq(products.id, gone.id));
    const frozenResponse = await act(frozen.id, 'accept', seller);
    expect(frozenResponse.statusCode).toBe(409);
    expect(errorOf(frozenResponse)).toEqual({ code: 'CONFLICT', message: M.notAvailable });
  });

  it('reading offers needs a session and valid queries; mine answers null without an offer', async () => {
    const seller = await member();
    const buyer = await member();
    const listing = await listingOf(seller);
    expect((await get(t.app, '/api/me/offers?role=made', guest())).statusCode).toBe(401);
    expect((await get(t.app, '/api/me/offers', buyer)).statusCode).toBe(400);
    expect((await get(t.app, '/api/me/offers?role=made&pageSize=500', buyer)).statusCode).toBe(400);
    const none = await get(t.app, `/api/listings/${listing.id}/offers/mine`, buyer);
    expect(none.json()).toEqual({ offer: null });
    const missing = await get(t.app, `/api/listings/not-a-uuid/offers/mine`, buyer);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe(LISTING_MESSAGES.productNotFound);
  });
});

describe('offers: 48-hour expiry', () => {
  it('a stale offer never reads as open: lists, actions and new offers sweep it first and the buyer is told', async () => {
    const seller = await member();
    const buyer = await member();
    const listing = await listingOf(seller, { title: 'Daiwa BG 3000' });
    const offer = await buildOffer(t.database.db, listing, buyer.id, {
      amount: 90,
      expires_at: aMinuteAgo(),
    });

    const inbox = await listOffers(seller, 'role=received');
    expect(inbox.items).toEqual([expect.objectContaining({ id: offer.id, status: 'expired', actions: [] })]);
    expect((await listOffers(seller, 'role=received&status=open')).total).toBe(0);
    const told = (await notificationsOf(buyer.id)).filter((n) => n.type === 'OFFER_CANCELLED');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'Offer Expired',
      message: 'Your offer of $90.00 for "Daiwa BG 3000" expired',
      data: { offerId: offer.id, productId: listing.id, is_seller: false },
    });

    const late = await act(offer.id, 'accept', seller);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(M.notOpen);

    // A countered offer expires too, and an expired one frees the buyer's slot at once.
    const second = await offerOn(listing.id, buyer, 95);
    await act(second.id, 'counter', seller, { amount: 99 });
    await pushPastExpiry(second.id);
    const accept = await act(second.id, 'accept', buyer);
    expect(accept.statusCode).toBe(409);
    const third = await offerOn(listing.id, buyer, 97);
    await pushPastExpiry(third.id);
    expect((await makeOffer(listing.id, buyer, { amount: 98 })).statusCode).toBe(201);
    const statuses = await t.database.db
      .select({ id: offers.id, status: offers.status })
      .from(offers)
      .where(eq(offers.product_id, listing.id));
    expect(
      statuses
        .filter((s) => s.status === 'expired')
        .map((s) => s.id)
        .sort(),
    ).toEqual([offer.id, second.id, third.id].sort());
    // Exactly one notification per expired offer, however many sweeps ran.
    expect((await notificationsOf(buyer.id)).filter((n) => n.title === 'Offer Expired')).toHaveLength(3);
  });

  it('the periodic sweep expires every due offer once', async () => {
    const seller = await member();
    const buyer = await buildUser(t.database.db);
    const listing = await listingOf(seller);
    const offer = await buildOffer(t.database.db, listing, buyer.id, { expires_at: aMinuteAgo() });
    const service = createOffersService({
      repository: createOffersRepository(t.database.db),
      realtime: createRealtimePublisher(createMemoryBus(), pino({ level: 'silent' })),
      events: createDomainEvents(pino({ level: 'silent' })),
      logger: pino({ level: 'silent' }),
    });
    expect(await service.sweep({ kind: 'all' })).toBeGreaterThanOrEqual(1);
    expect(await service.sweep({ kind: 'all' })).toBe(0);
    const [row] = await t.database.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(row!.status).toBe('expired');
  });
});

describe('offers: realtime and buyer candidates', () => {
  it('pushes offer.changed to both members and the notification to the other side', async () => {
    const seller = await member();
    const buyer = await member();
    const listing = await listingOf(seller);
    const base = await listen(t.app);
    const sellerSocket = await openSocket(base, seller.cookie);
    const buyerSocket = await openSocket(base, buyer.cookie);

    const offer = await offerOn(listing.id, buyer);
    for (const socket of [sellerSocket, buyerSocket]) {
      const event = await socket.next(
        'offer.changed',
        (e) => e.offer.id === offer.id && e.offer.status === 'pending',
      );
      expect(event.offer).not.toHaveProperty('actions');
    }
    const created = await sellerSocket.next(
      'notification.created',
      (e) => e.notification.type === 'OFFER_RECEIVED',
    );
    expect(created.notification.data).toMatchObject({ offerId: offer.id, is_seller: true });
    expect((await sellerSocket.next('unread.changed')).unread.notifications).toBe(1);

    await act(offer.id, 'counter', seller, { amount: 160 });
    for (const socket of [sellerSocket, buyerSocket]) {
      const event = await socket.next('offer.changed', (e) => e.offer.status === 'countered');
      expect(event.offer.counter_amount).toBe(160);
    }
    await buyerSocket.next('notification.created', (e) => e.notification.type === 'OFFER_COUNTERED');
    expect(
      buyerSocket.events.some(
        (e) => e.type === 'notification.created' && e.notification.user_id !== buyer.id,
      ),
    ).toBe(false);

    // Accepting the counter places the order: both pages hear of the offer and the order.
    await act(offer.id, 'accept', buyer);
    await sellerSocket.next('notification.created', (e) => e.notification.type === 'OFFER_ACCEPTED');
    for (const socket of [sellerSocket, buyerSocket]) {
      const changed = await socket.next(
        'offer.changed',
        (e) => e.offer.status === 'accepted' && e.offer.listing.sold,
      );
      expect(changed.offer.order_id).toEqual(expect.any(String));
      await socket.next(
        'order.changed',
        (e) => e.order_id === changed.offer.order_id && e.listing_id === listing.id,
      );
    }
    await sellerSocket.close();
    await buyerSocket.close();
  });

  it('lists the offers between two members either way round, newest first, each with the caller’s actions', async () => {
    const [ann, bob, carl] = [await member(), await member(), await member()];
    const annsReel = await listingOf(ann, { title: 'Abu Garcia Revo SX' });
    const bobsRod = await listingOf(bob, { title: 'St. Croix Mojo Bass' });
    const carlsNet = await listingOf(carl, { title: 'Frabill landing net' });
    const bobOffers = await offerOn(annsReel.id, bob, 90);
    const annOffers = await offerOn(bobsRod.id, ann, 120);
    await offerOn(carlsNet.id, ann, 20);
    const seenBy = async (caller: Member, other: Member) => {
      const response = await get(t.app, `/api/me/offers/with/${other.id}`, caller);
      expect(response.statusCode).toBe(200);
      return (response.json() as { items: OfferDto[] }).items.map((o) => [o.id, o.actions]);
    };
    expect(await seenBy(ann, bob)).toEqual([
      [annOffers.id, ['cancel']],
      [bobOffers.id, ['accept', 'reject', 'counter']],
    ]);
    expect(await seenBy(bob, ann)).toEqual([
      [annOffers.id, ['accept', 'reject', 'counter']],
      [bobOffers.id, ['cancel']],
    ]);
    expect(await seenBy(bob, carl)).toEqual([]);
    expect((await get(t.app, '/api/me/offers/with/not-a-member', ann)).json()).toEqual({ items: [] });
    expect((await get(t.app, `/api/me/offers/with/${bob.id}`, guest())).statusCode).toBe(401);
  });

  it('buyer candidates: offer makers (accepted first), members who messaged the seller about it, likers', async () => {
    const db = t.database.db;
    const seller = await member();
    const accepted = await buildUser(db);
    const offered = await buildUser(db);
    const messaged = await buildUser(db);
    const liker = await member();
    const elsewhere = await buildUser(db);
    const listing = await listingOf(seller);
    const other = await listingOf(seller);

    expect((await post(t.app, `/api/listings/${listing.id}/like`, undefined, liker)).statusCode).toBe(200);
    const first = await buildOffer(db, listing, accepted.id, { amount: 100 });
    await buildOffer(db, listing, offered.id, { amount: 90 });
    await buildMessage(db, messaged.id, seller.id, { content: 'Still available?', product_id: listing.id });
    // Not about this listing, or sent by the seller: no candidate.
    await buildMessage(db, elsewhere.id, seller.id, { content: 'Hi', product_id: other.id });
    await buildMessage(db, seller.id, elsewhere.id, { content: 'Want it?', product_id: listing.id });
    await act(first.id, 'accept', seller);

    const response = await get(t.app, `/api/listings/${listing.id}/buyer-candidates`, seller);
    expect(response.statusCode).toBe(200);
    const ids = (response.json() as { items: { id: string }[] }).items.map((c) => c.id);
    expect(ids[0]).toBe(accepted.id);
    expect(new Set(ids)).toEqual(new Set([accepted.id, offered.id, messaged.id, liker.id]));
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(offers)
      .where(and(eq(offers.product_id, listing.id), eq(offers.status, 'accepted')));
    expect(row!.n).toBe(1);
  });
});
