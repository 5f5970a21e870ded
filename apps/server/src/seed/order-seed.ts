import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ORDER_AUTO_COMPLETE_DAYS, type OrderState } from '@castline/shared';
import type { Database, Transaction } from '../db/client.js';
import { jobs, notifications, offers, orderEvents, orders, products, profiles } from '../db/schema/index.js';
import type { OrderEvent } from '../domain-events.js';
import {
  ORDER_COMPLETE_JOB,
  orderEventNotifications,
  type NotifyingOrderEvent,
} from '../modules/orders/index.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Carriers and tracking numbers of the kind each prints (made up, well-formed). */
const CARRIERS = [
  {
    carrier: 'USPS',
    tracking: (n: number) =>
      `9400 1118 9922 ${String(3000 + n).padStart(4, '0')} ${String(1700 + n * 7).slice(0, 4)} 21`,
  },
  { carrier: 'UPS', tracking: (n: number) => `1Z 9A8 47E 03 ${String(5120 + n * 13).padStart(4, '0')} 884` },
  { carrier: 'FedEx', tracking: (n: number) => `7749 ${String(1020 + n * 31).padStart(4, '0')} 6613` },
];

const CANCEL_REASON = 'Sorry, a regular at the shop bought it over the counter this morning.';

const PICKUP_NOTES = [
  'Saturday between 9 and 11 at the boat ramp parking lot; text me when you are close.',
  'Any weekday after 5:30 at my place: I will message you the address.',
  'Sunday morning at the bait shop on the highway, by the ice machine.',
];

interface Listing {
  id: string;
  title: string;
  price: number;
  seller_id: string;
  handover: string;
  shipping_price: number | null;
  returns_accepted: boolean;
  return_window_days: number | null;
  sold_at: Date | null;
  buyer_id: string | null;
}

interface Step {
  state: OrderState;
  at: Date;
  by: 'buyer' | 'seller' | null;
  note?: string | null;
}

/** One order as seeded: its listing, buyer, how it came to be and the steps it went through. */
interface SeededOrder {
  listing: Listing;
  buyerId: string | null;
  source: 'buy_now' | 'offer' | 'marked_sold';
  price: number;
  handover: 'shipping' | 'pickup' | null;
  steps: Step[];
  offerId?: string;
  cancel?: { by: 'buyer' | 'seller'; reason: string };
  /** Notify the steps no older than this (others happened long ago). */
  notifyWithin?: number;
}

function shippingOf(listing: Listing, handover: 'shipping' | 'pickup' | null): number {
  return handover === 'shipping' ? Number(listing.shipping_price ?? 0) : 0;
}

/**
 * Orders in every state, so that a newcomer sees the whole deal: each listing the listing seed
 * sold becomes a completed order (bought now, from an accepted offer, or marked sold by hand) with
 * its timeline; the seeded accepted offers become orders in progress; and Captain Ahab, the demo
 * captain, has purchases and sales in every other state (awaiting payment, paid, shipped,
 * ready for pickup, received inside a return window, cancelled). Open orders keep their listing
 * off the market ("Sale pending"); shipped and received ones have their completion job queued.
 * Sales are then counted from completed orders.
 */
export async function seedDemoOrders(db: Database, now = Date.now()): Promise<number> {
  const at = (ago: number) => new Date(now - ago);
  const people = await db.select({ id: profiles.id, username: profiles.username }).from(profiles);
  const idOf = new Map(people.map((p) => [p.username, p.id]));
  const nameOf = new Map(people.map((p) => [p.id, p.username]));
  const listingColumns = {
    id: products.id,
    title: products.title,
    price: products.price,
    seller_id: products.seller_id,
    handover: products.handover,
    shipping_price: products.shipping_price,
    returns_accepted: products.returns_accepted,
    return_window_days: products.return_window_days,
    sold_at: products.sold_at,
    buyer_id: products.buyer_id,
  };
  const toListing = (
    row: Omit<Listing, 'price' | 'shipping_price'> & {
      price: number | string;
      shipping_price: number | string | null;
    },
  ): Listing => ({
    ...row,
    price: Number(row.price),
    shipping_price: row.shipping_price === null ? null : Number(row.shipping_price),
  });
  const sold = (
    await db
      .select(listingColumns)
      .from(products)
      .where(eq(products.sold, true))
      .orderBy(asc(products.sold_at), asc(products.id))
  ).map(toListing);

  const seeded: SeededOrder[] = [];

  // Every sale of the listing seed: a completed order, its steps spread over the days before.
  sold.forEach((listing, index) => {
    const soldAt = listing.sold_at ?? at(30 * DAY_MS);
    const buyerId = listing.buyer_id && listing.buyer_id !== listing.seller_id ? listing.buyer_id : null;
    const kind = buyerId === null || index % 3 === 2 ? 'marked_sold' : index % 3 === 0 ? 'buy_now' : 'offer';
    if (kind === 'marked_sold') {
      seeded.push({
        listing,
        buyerId,
        source: 'marked_sold',
        price: listing.price,
        handover: null,
        steps: [{ state: 'completed', at: soldAt, by: 'seller', note: 'Marked sold by the seller' }],
      });
      return;
    }
    const handover: 'shipping' | 'pickup' = listing.handover === 'pickup' ? 'pickup' : 'shipping';
    const price = kind === 'offer' ? Math.round(listing.price * 0.9) : listing.price;
    const placed = soldAt.getTime();
    const step = (hours: number) => new Date(Math.min(now - HOUR_MS, placed + hours * HOUR_MS));
    const { carrier, tracking } = CARRIERS[index % CARRIERS.length]!;
    seeded.push({
      listing,
      buyerId,
      source: kind,
      price,
      handover,
      steps: [
        { state: 'awaiting_payment', at: soldAt, by: 'buyer' },
        { state: 'paid', at: step(5), by: 'seller' },
        handover === 'shipping'
          ? { state: 'shipped', at: step(30), by: 'seller', note: `${carrier} ${tracking(index)}` }
          : {
              state: 'shipped',
              at: step(26),
              by: 'seller',
              note: PICKUP_NOTES[index % PICKUP_NOTES.length]!,
            },
        { state: 'received', at: step(handover === 'shipping' ? 100 : 50), by: 'buyer' },
        { state: 'completed', at: step(handover === 'shipping' ? 100 : 50), by: null },
      ],
    });
  });

  // The seeded accepted offers: orders in progress.
  const accepted = await db
    .select({
      ...listingColumns,
      offer_id: offers.id,
      amount: offers.amount,
      counter_amount: offers.counter_amount,
      offer_buyer_id: offers.buyer_id,
      responded_at: offers.responded_at,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.product_id))
    .where(and(eq(offers.status, 'accepted'), eq(products.sold, false)))
    .orderBy(asc(offers.responded_at));
  accepted.forEach((offer, index) => {
    const listing = toListing(offer);
    const acceptedAt = offer.responded_at ?? at(DAY_MS);
    const handover: 'shipping' | 'pickup' = listing.handover === 'pickup' ? 'pickup' : 'shipping';
    const steps: Step[] = [
      { state: 'awaiting_payment', at: acceptedAt, by: 'seller' },
      { state: 'paid', at: new Date(acceptedAt.getTime() + 6 * HOUR_MS), by: 'seller' },
    ];
    // The older acceptance has gone further: sent with tracking.
    if (index === 0 && accepted.length > 1 && handover === 'shipping')
      steps.push({
        state: 'shipped',
        at: new Date(acceptedAt.getTime() + 30 * HOUR_MS),
        by: 'seller',
        note: `USPS 9400 1118 9922 3512 6640 18`,
      });
    seeded.push({
      listing,
      buyerId: offer.offer_buyer_id,
      source: 'offer',
      price: Number(offer.counter_amount ?? offer.amount),
      handover,
      steps,
      offerId: offer.offer_id,
      notifyWithin: 3 * DAY_MS,
    });
  });

  // Captain Ahab's own purchases and sales in the other states.
  const ahab = idOf.get('captain_ahab');
  const used = new Set(seeded.map((o) => o.listing.id));
  const openOffers = await db
    .select({ product_id: offers.product_id })
    .from(offers)
    .where(inArray(offers.status, ['pending', 'countered']));
  for (const o of openOffers) used.add(o.product_id);
  const onMarket = (
    await db
      .select(listingColumns)
      .from(products)
      .where(
        and(
          eq(products.sold, false),
          eq(products.deleted, false),
          eq(products.visible_in_marketplace, true),
          eq(products.moderation_status, 'active'),
        ),
      )
      .orderBy(asc(products.created_at), asc(products.id))
  ).map(toListing);
  const pick = (test: (l: Listing) => boolean): Listing | undefined => {
    const found = onMarket.find((l) => !used.has(l.id) && test(l));
    if (found) used.add(found.id);
    return found;
  };
  const ships = (l: Listing) => l.handover !== 'pickup';
  if (ahab) {
    const fromOthers = (extra: (l: Listing) => boolean = () => true) =>
      pick((l) => l.seller_id !== ahab && ships(l) && extra(l));
    const ofAhab = (extra: (l: Listing) => boolean = () => true) =>
      pick((l) => l.seller_id === ahab && ships(l) && extra(l));
    const buyer = (name: string) => idOf.get(name) ?? null;
    const plan: {
      listing: Listing | undefined;
      buyerId: string | null;
      handover: 'shipping' | 'pickup';
      steps: (placed: number) => Step[];
      cancel?: SeededOrder['cancel'];
    }[] = [
      // Bought three hours ago: Ahab arranges payment with the seller.
      {
        listing: fromOthers(),
        buyerId: ahab,
        handover: 'shipping',
        steps: (p) => [{ state: 'awaiting_payment', at: at(p), by: 'buyer' }],
      },
      // Received two days ago from a seller who takes returns: completes when the window closes.
      {
        listing: fromOthers((l) => l.returns_accepted && l.return_window_days !== null),
        buyerId: ahab,
        handover: 'shipping',
        steps: (p) => [
          { state: 'awaiting_payment', at: at(p), by: 'buyer' },
          { state: 'paid', at: at(p - 4 * HOUR_MS), by: 'seller' },
          { state: 'shipped', at: at(p - 28 * HOUR_MS), by: 'seller', note: 'UPS 1Z 9A8 47E 03 6633 102' },
          { state: 'received', at: at(2 * DAY_MS), by: 'buyer' },
        ],
      },
      // Sold to a member who has not paid yet: Ahab confirms once the money is in.
      {
        listing: ofAhab(),
        buyerId: buyer('landlubber'),
        handover: 'shipping',
        steps: (p) => [{ state: 'awaiting_payment', at: at(p), by: 'buyer' }],
      },
      // Bought for local pickup, ready since this morning.
      {
        listing: fromOthers((l) => l.handover === 'both'),
        buyerId: ahab,
        handover: 'pickup',
        steps: (p) => [
          { state: 'awaiting_payment', at: at(p), by: 'buyer' },
          { state: 'paid', at: at(p - 2 * HOUR_MS), by: 'seller' },
          { state: 'shipped', at: at(5 * HOUR_MS), by: 'seller', note: PICKUP_NOTES[0]! },
        ],
      },
      // Bought, then cancelled by the seller before payment: the listing is back on the market.
      {
        listing: fromOthers(),
        buyerId: ahab,
        handover: 'shipping',
        steps: (p) => [
          { state: 'awaiting_payment', at: at(p), by: 'buyer' },
          { state: 'cancelled', at: at(p - 5 * HOUR_MS), by: 'seller', note: CANCEL_REASON },
        ],
        cancel: { by: 'seller', reason: CANCEL_REASON },
      },
    ];
    const placedAgo = [3 * HOUR_MS, 6 * DAY_MS, 20 * HOUR_MS, 2 * DAY_MS, 4 * DAY_MS];
    plan.forEach((entry, index) => {
      if (!entry.listing || !entry.buyerId || entry.buyerId === entry.listing.seller_id) return;
      seeded.push({
        listing: entry.listing,
        buyerId: entry.buyerId,
        source: 'buy_now',
        price: entry.listing.price,
        handover: entry.handover,
        steps: entry.steps(placedAgo[index]!),
        ...(entry.cancel ? { cancel: entry.cancel } : {}),
        notifyWithin: 7 * DAY_MS,
      });
    });
  }

  await db.transaction(async (tx) => {
    for (const order of seeded) await insertOrder(tx, order, now, nameOf);
    // Sales are counted from completed orders.
    await tx.execute(sql`
      update profiles pr set sales_count = coalesce(
        (select count(*) from orders o where o.seller_id = pr.id and o.state = 'completed'), 0)`);
  });
  return seeded.length;
}

async function insertOrder(
  tx: Transaction,
  order: SeededOrder,
  now: number,
  nameOf: Map<string, string>,
): Promise<void> {
  const last = order.steps.at(-1)!;
  const stamp = (state: OrderState) => order.steps.find((s) => s.state === state)?.at ?? null;
  const shipped = order.steps.find((s) => s.state === 'shipped');
  const shippedNote = shipped?.note ?? null;
  const byPickup = order.handover === 'pickup';
  const [carrier, ...tracking] = !byPickup && shippedNote ? shippedNote.split(' ') : [];
  const returnWindow = order.listing.returns_accepted ? order.listing.return_window_days : null;
  const completesAt =
    last.state === 'shipped'
      ? new Date(last.at.getTime() + ORDER_AUTO_COMPLETE_DAYS * DAY_MS)
      : last.state === 'received' && returnWindow !== null
        ? new Date(last.at.getTime() + returnWindow * DAY_MS)
        : null;
  const shipping = shippingOf(order.listing, order.handover);
  const [row] = await tx
    .insert(orders)
    .values({
      product_id: order.listing.id,
      buyer_id: order.buyerId,
      seller_id: order.listing.seller_id,
      offer_id: order.offerId ?? null,
      source: order.source,
      state: last.state,
      price: order.price,
      shipping_price: shipping,
      handover: order.handover,
      return_window_days: order.source === 'marked_sold' ? null : returnWindow,
      carrier: carrier ?? null,
      tracking_number: tracking.length > 0 ? tracking.join(' ') : null,
      pickup_note: byPickup ? shippedNote : null,
      cancel_reason: order.cancel?.reason ?? null,
      cancelled_by: order.cancel?.by ?? null,
      completes_at: completesAt,
      created_at: order.steps[0]!.at,
      paid_at: stamp('paid'),
      shipped_at: stamp('shipped'),
      received_at: stamp('received'),
      completed_at: stamp('completed'),
      cancelled_at: stamp('cancelled'),
      updated_at: last.at,
    })
    .returning({ id: orders.id });
  const id = row!.id;
  const actorOf = (by: Step['by']) =>
    by === 'buyer' ? order.buyerId : by === 'seller' ? order.listing.seller_id : null;
  await tx.insert(orderEvents).values(
    order.steps.map((s, index) => ({
      order_id: id,
      state: s.state,
      actor_id: actorOf(s.by),
      note: s.note ?? null,
      created_at: new Date(s.at.getTime() + index),
    })),
  );
  // An order in progress holds its listing ("Sale pending"); a cancelled one gave it back.
  if (last.state !== 'completed' && last.state !== 'cancelled') {
    await tx
      .update(products)
      .set({
        sold: true,
        sold_at: order.steps[0]!.at,
        buyer_id: order.buyerId,
        visible_in_marketplace: false,
        updated_at: order.steps[0]!.at,
      })
      .where(eq(products.id, order.listing.id));
    // The listing's other open offers closed when it was taken.
    await tx
      .update(offers)
      .set({ status: 'rejected', responded_at: order.steps[0]!.at, updated_at: order.steps[0]!.at })
      .where(and(eq(offers.product_id, order.listing.id), inArray(offers.status, ['pending', 'countered'])));
  }
  if (completesAt) {
    await tx
      .insert(jobs)
      .values({ name: ORDER_COMPLETE_JOB, key: id, payload: { orderId: id }, run_at: completesAt });
  }
  // The recent steps left their notifications (read unless in the last day).
  if (order.notifyWithin === undefined) return;
  const events: Partial<Record<OrderState, NotifyingOrderEvent>> = {
    awaiting_payment: 'order.placed',
    paid: 'order.paid',
    shipped: 'order.shipped',
    received: 'order.received',
    completed: 'order.completed',
    cancelled: 'order.cancelled',
  };
  for (const s of order.steps) {
    if (now - s.at.getTime() > order.notifyWithin) continue;
    const name = events[s.state]!;
    const actorId = actorOf(s.by);
    const change: OrderEvent = {
      order: {
        id,
        product_id: order.listing.id,
        buyer_id: order.buyerId,
        seller_id: order.listing.seller_id,
        title: order.listing.title,
      },
      by: s.by ?? 'system',
      actorName: actorId ? (nameOf.get(actorId) ?? null) : null,
      total: order.price + shipping,
      detail: {
        source: order.source === 'offer' ? 'offer' : 'buy_now',
        ...(s.state === 'shipped' && byPickup ? { pickup_note: s.note ?? '' } : {}),
        ...(s.state === 'shipped' && !byPickup
          ? { carrier: carrier ?? '', tracking_number: tracking.join(' ') }
          : {}),
        ...(s.state === 'cancelled' ? { reason: order.cancel?.reason ?? '' } : {}),
      },
    };
    const read = now - s.at.getTime() > DAY_MS;
    const rows = orderEventNotifications(name, change);
    if (rows.length > 0)
      await tx
        .insert(notifications)
        .values(rows.map((r) => ({ ...r, read, created_at: s.at, updated_at: s.at })));
  }
}
