import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  LISTING_TERMS_MESSAGES as TERMS,
  ListingDto,
  OFFER_MESSAGES as M,
  OfferDto,
  OrderDto,
} from '@castline/shared';
import { notifications, offers, orders } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildListing,
  errorOf,
  get,
  guest,
  post,
  put,
  signedInMember,
  type Member,
} from '../../../test/factories.js';
import { tackleBody } from '../listings/listings.test-helpers.js';

const t = useTestApp();
const member = () => signedInMember(t.app, t.database.db);

/** A $240 reel whose seller declines offers under $150 and accepts $220 or more. */
const guarded = (seller: Member) =>
  buildListing(t.database.db, seller.id, {
    title: 'Shimano Curado 200K',
    price: 240,
    handover: 'shipping',
    shipping_price: 10,
    ships_from: 'Tampa, FL',
    handling_days: 2,
    auto_decline_below: 150,
    auto_accept_at: 220,
  });

const offer = (listingId: string, buyer: Member, amount: number) =>
  post(t.app, `/api/listings/${listingId}/offers`, { amount }, buyer);

async function notificationsOf(userId: string) {
  return t.database.db.select().from(notifications).where(eq(notifications.user_id, userId));
}

describe('offer guardrails', () => {
  it('an offer under the auto-decline amount is refused with a clear message; nothing reaches the seller', async () => {
    const seller = await member();
    const buyer = await member();
    const listing = await guarded(seller);
    const low = await offer(listing.id, buyer, 5);
    expect([low.statusCode, errorOf(low).message]).toEqual([409, M.belowSellersMinimum]);
    // The amount the seller set is not given away.
    expect(low.body).not.toContain('150');
    expect(await t.database.db.select().from(offers).where(eq(offers.product_id, listing.id))).toEqual([]);
    expect(await notificationsOf(seller.id)).toEqual([]);
    // At the amount itself, the offer goes to the seller as usual.
    const fair = await offer(listing.id, buyer, 150);
    expect(fair.statusCode).toBe(201);
    expect(OfferDto.parse(fair.json())).toMatchObject({ status: 'pending', order_id: null });
    expect((await notificationsOf(seller.id)).map((n) => n.type)).toEqual(['OFFER_RECEIVED']);
  });

  it('an offer at or above the auto-accept amount is accepted at once and becomes an order; the seller hears of the order', async () => {
    const seller = await member();
    const buyer = await member();
    const listing = await guarded(seller);
    const made = await offer(listing.id, buyer, 220);
    expect(made.statusCode).toBe(201);
    const accepted = OfferDto.parse(made.json());
    expect(accepted).toMatchObject({ status: 'accepted', actions: [], order_id: expect.any(String) });
    const order = OrderDto.parse((await get(t.app, `/api/orders/${accepted.order_id}`, buyer)).json());
    expect(order).toMatchObject({
      state: 'awaiting_payment',
      source: 'offer',
      price: 220,
      shipping_price: 10,
      total: 230,
    });
    expect(order.timeline[0]).toMatchObject({
      actor: null,
      note: 'The offer met the seller’s auto-accept amount',
    });
    expect((await notificationsOf(buyer.id)).map((n) => [n.type, n.message])).toEqual([
      ['OFFER_ACCEPTED', 'Your offer of $220.00 for "Shimano Curado 200K" was accepted'],
    ]);
    expect((await notificationsOf(seller.id)).map((n) => [n.type, n.message])).toEqual([
      [
        'ORDER_UPDATE',
        'An offer of $230.00 for "Shimano Curado 200K" met your auto-accept amount, so it is an order now. Arrange payment with the buyer and confirm it once received.',
      ],
    ]);
  });

  it('two buyers at the auto-accept amount at once: one order, one clear refusal, no error', async () => {
    const seller = await member();
    const listing = await guarded(seller);
    const [a, b] = [await member(), await member()];
    const answers = await Promise.all([offer(listing.id, a, 230), offer(listing.id, b, 235)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(errorOf(answers.find((r) => r.statusCode === 409)!).message).toBe(M.notAvailable);
    expect(await t.database.db.select().from(orders).where(eq(orders.product_id, listing.id))).toHaveLength(
      1,
    );
  });

  it('the seller sets them with the listing: checked against the price and each other, shown only to the seller', async () => {
    const seller = await member();
    const create = (body: Record<string, unknown>) =>
      post(t.app, '/api/listings', tackleBody({ price: 100, ...body }), seller);
    const issue = async (body: Record<string, unknown>) => {
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      return errorOf(response).issues?.map((i) => [i.path, i.message]);
    };
    expect(await issue({ auto_decline_below: 100 })).toEqual([
      ['auto_decline_below', TERMS.autoDeclineTooHigh],
    ]);
    expect(await issue({ auto_accept_at: 101 })).toEqual([['auto_accept_at', TERMS.autoAcceptTooHigh]]);
    expect(await issue({ auto_decline_below: 80, auto_accept_at: 80 })).toEqual([
      ['auto_accept_at', TERMS.guardrailsCrossed],
    ]);
    expect(await issue({ auto_decline_below: -5 })).toEqual([
      ['auto_decline_below', TERMS.autoDeclineInvalid],
    ]);
    expect(await issue({ auto_accept_at: 90.005 })).toEqual([['auto_accept_at', TERMS.autoAcceptInvalid]]);

    const created = await create({ auto_decline_below: 60, auto_accept_at: 95 });
    expect(created.statusCode).toBe(201);
    const id = ListingDto.parse(created.json()).id;
    expect(
      ListingDto.parse((await get(t.app, `/api/listings/${id}`, seller)).json()).offer_guardrails,
    ).toEqual({
      auto_decline_below: 60,
      auto_accept_at: 95,
    });
    for (const viewer of [guest(), await member()]) {
      expect(
        ListingDto.parse((await get(t.app, `/api/listings/${id}`, viewer)).json()).offer_guardrails,
      ).toBeNull();
    }
    // Turning offers off drops them.
    const edited = await put(
      t.app,
      `/api/listings/${id}`,
      tackleBody({ price: 100, accepts_offers: false, auto_decline_below: 60 }),
      seller,
    );
    expect(edited.statusCode).toBe(200);
    expect(ListingDto.parse(edited.json()).offer_guardrails).toEqual({
      auto_decline_below: null,
      auto_accept_at: null,
    });
  });

  it('turning offers off closes the open ones and tells their buyers', async () => {
    const seller = await member();
    const buyer = await member();
    const created = await post(
      t.app,
      '/api/listings',
      tackleBody({ title: 'Plano 3700', price: 40 }),
      seller,
    );
    const id = ListingDto.parse(created.json()).id;
    const made = OfferDto.parse((await offer(id, buyer, 30)).json());
    const off = await put(
      t.app,
      `/api/listings/${id}`,
      tackleBody({ title: 'Plano 3700', price: 40, accepts_offers: false }),
      seller,
    );
    expect(off.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(offers).where(eq(offers.id, made.id));
    expect(row?.status).toBe('rejected');
    expect((await notificationsOf(buyer.id)).map((n) => n.message)).toContain(
      'The seller is no longer taking offers on "Plano 3700", so your offer of $30.00 was closed',
    );
    // An edit that keeps offers on closes nothing.
    const other = ListingDto.parse(
      (await post(t.app, '/api/listings', tackleBody({ title: 'Plano 3600', price: 40 }), seller)).json(),
    ).id;
    const kept = OfferDto.parse((await offer(other, buyer, 30)).json());
    await put(
      t.app,
      `/api/listings/${other}`,
      tackleBody({ title: 'Plano 3600 tackle box', price: 40 }),
      seller,
    );
    const [still] = await t.database.db.select().from(offers).where(eq(offers.id, kept.id));
    expect(still?.status).toBe('pending');
  });
});
