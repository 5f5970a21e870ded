import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type {
  BuyNowBody,
  CancelOrderBody,
  ListOrdersQuery,
  OrderAction,
  OrderDto,
  OrderListDto,
  OrderState,
  ShipOrderBody,
} from '@castline/shared';
import {
  buyNowHandovers,
  canViewListing,
  canViewOrder,
  isBannedMember,
  LISTING_MESSAGES,
  ORDER_AUTO_COMPLETE_DAYS,
  ORDER_MESSAGES as M,
  orderActionsFor,
  offersBuyNow,
  CANCELLABLE_ORDER_STATES,
} from '@castline/shared';
import type { Transaction } from '../../db/client.js';
import type { OrderEvent, ServerEvents } from '../../domain-events.js';
import type { Actor } from '../../http/access-policy.js';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError } from '../../http/errors.js';
import type { BodyReader } from '../../http/route-helpers.js';
import type { AfterCommit } from '../../platform/events/domain-events.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { writeAudit } from '../audit/index.js';
import type { NotifyingOrderEvent } from './orders.notifications.js';
import { presentOrder, presentOrderList } from './orders.presenter.js';
import {
  isLiveOrderConflict,
  type NewOrder,
  type OrderChange,
  type OrderListingState,
  type OrdersRepository,
} from './orders.repository.js';

export type ListOrdersParams = z.output<typeof ListOrdersQuery>;
type BuyBody = z.output<typeof BuyNowBody>;
type ShipBody = z.output<typeof ShipOrderBody>;
type CancelBody = z.output<typeof CancelOrderBody>;

/** The job that completes an order nobody moved in time. */
export const ORDER_COMPLETE_JOB = 'order.complete';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface OrdersServiceDeps {
  repository: OrdersRepository;
  events: ServerEvents;
  jobs: JobQueue;
  logger: FastifyBaseLogger;
  /** The clock (tests move it). */
  now?: () => Date;
}

/** The steps an action takes an order through: where it may start and where it ends. */
const STEPS = {
  'confirm-payment': { from: ['awaiting_payment'], to: 'paid', event: 'order.paid' },
  ship: { from: ['paid'], to: 'shipped', event: 'order.shipped' },
  receive: { from: ['shipped'], to: 'received', event: 'order.received' },
  cancel: { from: CANCELLABLE_ORDER_STATES, to: 'cancelled', event: 'order.cancelled' },
} as const satisfies Record<
  OrderAction,
  { from: readonly OrderState[]; to: OrderState; event: NotifyingOrderEvent }
>;

export function createOrdersService({
  repository,
  events,
  jobs,
  logger,
  now = () => new Date(),
}: OrdersServiceDeps) {
  const { db } = repository;

  async function raise(tx: Transaction, name: NotifyingOrderEvent, change: OrderEvent): Promise<AfterCommit> {
    const later = await events.inTransaction(tx, name, change);
    return async () => {
      await later();
      await events.committed(name, change);
    };
  }

  async function present(id: string, viewer: Actor): Promise<OrderDto> {
    const row = await repository.findById(db, id);
    if (!row) throw new NotFoundError(M.notFound);
    return presentOrder(row, await repository.timeline(db, id), viewer);
  }

  function audit(
    tx: Transaction,
    actorId: string | null,
    orderId: string,
    state: OrderState,
    data: Record<string, unknown> = {},
  ) {
    return writeAudit(tx, {
      actorId,
      action: `order.${state}`,
      entityType: 'order',
      entityId: orderId,
      severity: 'low',
      newData: { state, ...data },
    });
  }

  /** Checks the locked listing can go into an order now; 409 with the reason otherwise. */
  function assertAvailable(listing: OrderListingState): void {
    if (
      listing.sold ||
      listing.deleted ||
      !listing.visible_in_marketplace ||
      !['active', 'pending'].includes(listing.moderation_status)
    ) {
      throw new ConflictError('CONFLICT', M.notAvailable);
    }
  }

  /**
   * Places an order in `tx` on a locked, available listing: the listing comes off the market
   * (sold to the buyer, "Sale pending" until the order completes), the order's first step is
   * written and audited, and `order.placed` is raised (the other side is told; the listing's
   * other open offers close).
   */
  async function place(
    tx: Transaction,
    listing: OrderListingState,
    order: Omit<NewOrder, 'product_id' | 'seller_id' | 'state' | 'return_window_days'> & { buyer_id: string },
    by: { side: 'buyer' | 'seller'; actorId: string | null; actorName: string; auto?: boolean },
  ): Promise<{ id: string; published: AfterCommit }> {
    if (!(await repository.takeListing(tx, listing.id, order.buyer_id)))
      throw new ConflictError('CONFLICT', M.notAvailable);
    let id: string;
    try {
      id = await repository.insert(tx, {
        ...order,
        product_id: listing.id,
        seller_id: listing.seller_id,
        state: 'awaiting_payment',
        return_window_days: listing.returns_accepted ? listing.return_window_days : null,
      });
    } catch (error) {
      if (isLiveOrderConflict(error)) throw new ConflictError('CONFLICT', M.notAvailable);
      throw error;
    }
    await repository.addEvent(tx, {
      orderId: id,
      state: 'awaiting_payment',
      actorId: by.actorId,
      note: by.auto ? 'The offer met the seller’s auto-accept amount' : null,
    });
    await audit(tx, by.actorId, id, 'awaiting_payment', { listing_id: listing.id, source: order.source });
    const published = await raise(tx, 'order.placed', {
      order: {
        id,
        product_id: listing.id,
        buyer_id: order.buyer_id,
        seller_id: listing.seller_id,
        title: listing.title,
      },
      by: by.side,
      actorName: by.actorName,
      total: order.price + order.shipping_price,
      detail: {
        handover: order.handover,
        source: by.auto ? 'auto_accept' : order.source === 'offer' ? 'offer' : 'buy_now',
      },
    });
    return { id, published };
  }

  /** Completes the order in `tx` (received, or by itself): one more sale for the seller. */
  async function complete(
    tx: Transaction,
    order: OrderEvent['order'] & { total: number },
    from: readonly OrderState[],
    actorId: string | null,
    note: string | null,
  ): Promise<AfterCommit | null> {
    if (!(await repository.transition(tx, order.id, from, { state: 'completed', completes_at: null })))
      return null;
    await repository.countSale(tx, order.seller_id);
    await repository.addEvent(tx, { orderId: order.id, state: 'completed', actorId, note });
    await audit(tx, actorId, order.id, 'completed');
    await jobs.cancel(tx, ORDER_COMPLETE_JOB, order.id);
    const { id, product_id, buyer_id, seller_id, title, total } = order;
    return raise(tx, 'order.completed', {
      order: { id, product_id, buyer_id, seller_id, title },
      by: 'system',
      actorName: null,
      total,
    });
  }

  return {
    /** POST /api/listings/:id/buy: an order at the listed price (plus shipping when shipped). */
    async buyNow(actor: Actor | null, listingId: string, readBody: BodyReader<BuyBody>): Promise<OrderDto> {
      if (!actor) throw new UnauthenticatedError(M.mustBeLoggedIn);
      const placed = await db.transaction(async (tx) => {
        const listing = await repository.lockListing(tx, listingId);
        if (!listing || !canViewListing(actor, listing))
          throw new NotFoundError(LISTING_MESSAGES.productNotFound);
        if (isBannedMember(actor)) throw new ForbiddenError(M.banned);
        if (listing.seller_id === actor.id) throw new ForbiddenError(M.ownListing);
        assertAvailable(listing);
        if (!offersBuyNow(listing)) throw new ConflictError('CONFLICT', M.pickupOnly);
        const body = readBody();
        const allowed = buyNowHandovers(listing);
        const handover = body.handover ?? allowed[0]!;
        if (!allowed.includes(handover)) throw new ConflictError('CONFLICT', M.handoverNotOffered);
        return place(
          tx,
          listing,
          {
            buyer_id: actor.id,
            offer_id: null,
            source: 'buy_now',
            price: listing.price,
            shipping_price: handover === 'shipping' ? (listing.shipping_price ?? 0) : 0,
            handover,
          },
          { side: 'buyer', actorId: actor.id, actorName: actor.username },
        );
      });
      await placed.published();
      return present(placed.id, actor);
    },

    /**
     * Inside an offer's acceptance: the accepted amount becomes an order, or the acceptance is
     * refused (409) when the listing is no longer available.
     */
    async placeFromOffer(
      tx: Transaction,
      offer: { id: string; listingId: string; buyerId: string; amount: number },
      by: { side: 'buyer' | 'seller'; actorId: string | null; actorName: string; auto?: boolean },
    ): Promise<AfterCommit> {
      const listing = await repository.lockListing(tx, offer.listingId);
      if (!listing) throw new ConflictError('CONFLICT', M.notAvailable);
      assertAvailable(listing);
      const offered = listing.handover === 'both' ? ['shipping', 'pickup'] : [listing.handover];
      const chosen = await repository.offerHandover(tx, offer.id);
      const handover = (chosen && offered.includes(chosen) ? chosen : offered[0]) as 'shipping' | 'pickup';
      const placed = await place(
        tx,
        listing,
        {
          buyer_id: offer.buyerId,
          offer_id: offer.id,
          source: 'offer',
          price: offer.amount,
          shipping_price: handover === 'shipping' ? (listing.shipping_price ?? 0) : 0,
          handover,
        },
        by,
      );
      return placed.published;
    },

    /**
     * Inside mark_product_as_sold's transaction: the sale, made outside Castline's checkout,
     * is recorded as a completed order (sales are counted from orders).
     */
    async recordMarkedSale(
      tx: Transaction,
      sale: { listingId: string; sellerId: string; buyerId: string | null },
    ): Promise<void> {
      const [listing] = [await repository.lockListing(tx, sale.listingId)];
      if (!listing) return;
      const buyerId = sale.buyerId && sale.buyerId !== sale.sellerId ? sale.buyerId : null;
      const id = await repository.insert(tx, {
        product_id: sale.listingId,
        buyer_id: buyerId,
        seller_id: sale.sellerId,
        offer_id: null,
        source: 'marked_sold',
        state: 'completed',
        price: listing.price,
        shipping_price: 0,
        handover: null,
        return_window_days: null,
      });
      await repository.addEvent(tx, {
        orderId: id,
        state: 'completed',
        actorId: sale.sellerId,
        note: 'Marked sold by the seller',
      });
    },

    async get(actor: Actor, id: string): Promise<OrderDto> {
      const row = await repository.findById(db, id);
      if (!row || !canViewOrder(actor, { ...row, state: row.state as OrderState }))
        throw new NotFoundError(M.notFound);
      return presentOrder(row, await repository.timeline(db, id), actor);
    },

    async list(actor: Actor, query: ListOrdersParams): Promise<OrderListDto> {
      const { rows, total } = await repository.list({
        userId: actor.id,
        role: query.role,
        filter: query.state,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return presentOrderList(rows, actor, total, query.page, query.pageSize);
    },

    /** confirm-payment, ship, receive or cancel, as orderActionsFor allows the caller. */
    async act(
      actor: Actor,
      id: string,
      action: OrderAction,
      readBody?: BodyReader<unknown>,
    ): Promise<OrderDto> {
      const published = await db.transaction(async (tx) => {
        const order = await repository.lockOrder(tx, id);
        if (!order || !canViewOrder(actor, order)) throw new NotFoundError(M.notFound);
        if (isBannedMember(actor)) throw new ForbiddenError(M.banned);
        const step = STEPS[action];
        if (!orderActionsFor(actor, order).includes(action)) {
          if (!(step.from as readonly OrderState[]).includes(order.state))
            throw new ConflictError('CONFLICT', M.wrongState);
          throw new ForbiddenError(M.notAllowed);
        }
        const side = actor.id === order.seller_id ? 'seller' : 'buyer';
        const change: OrderChange = { state: step.to };
        const detail: NonNullable<OrderEvent['detail']> = {};
        let note: string | null = null;
        if (action === 'ship') {
          const body = (readBody as BodyReader<ShipBody>)();
          if (body.method === 'shipping') {
            Object.assign(change, { carrier: body.carrier, tracking_number: body.tracking_number });
            Object.assign(detail, { carrier: body.carrier, tracking_number: body.tracking_number });
            note = `${body.carrier} ${body.tracking_number}`;
          } else {
            change.pickup_note = body.pickup_note;
            detail.pickup_note = body.pickup_note;
            note = body.pickup_note;
          }
          change.completes_at = new Date(now().getTime() + ORDER_AUTO_COMPLETE_DAYS * DAY_MS);
        }
        if (action === 'cancel') {
          const body = (readBody as BodyReader<CancelBody>)();
          change.cancel_reason = body.reason;
          change.cancelled_by = side;
          detail.reason = body.reason;
          note = body.reason;
        }
        const receivedWithReturns = action === 'receive' && order.return_window_days !== null;
        if (receivedWithReturns)
          change.completes_at = new Date(now().getTime() + order.return_window_days! * DAY_MS);
        if (!(await repository.transition(tx, id, step.from, change)))
          throw new ConflictError('CONFLICT', M.wrongState);
        await repository.addEvent(tx, {
          orderId: id,
          state: step.to,
          actorId: actor.id,
          note,
          details: detail,
        });
        await audit(tx, actor.id, id, step.to, detail);
        const { total } = order;
        const subject = {
          id,
          product_id: order.product_id,
          buyer_id: order.buyer_id,
          seller_id: order.seller_id,
          title: order.title,
        };
        const later: AfterCommit[] = [
          await raise(tx, step.event, { order: subject, by: side, actorName: actor.username, total, detail }),
        ];
        if (action === 'cancel') await repository.releaseListing(tx, order.product_id);
        if (action === 'ship' || receivedWithReturns) {
          await jobs.enqueue(tx, {
            name: ORDER_COMPLETE_JOB,
            key: id,
            runAt: change.completes_at!,
            payload: { orderId: id },
          });
        }
        if (action === 'receive' && !receivedWithReturns) {
          const completed = await complete(tx, { ...subject, total }, ['received'], null, null);
          if (completed) later.push(completed);
        }
        return async () => {
          for (const work of later) await work();
        };
      });
      await published();
      return present(id, actor);
    },

    /**
     * The job: completes an order still shipped (not marked received in time) or received (its
     * return window closed). Run twice, the second run finds it completed and does nothing.
     */
    async completeDue(tx: Transaction, orderId: string): Promise<AfterCommit | undefined> {
      const order = await repository.lockOrder(tx, orderId);
      if (!order || (order.state !== 'shipped' && order.state !== 'received')) return undefined;
      const note =
        order.state === 'shipped'
          ? `Completed automatically ${ORDER_AUTO_COMPLETE_DAYS} days after it was sent, as it was not marked received`
          : `Completed automatically when the ${order.return_window_days}-day return window closed`;
      const done = await complete(tx, order, ['shipped', 'received'], null, note);
      logger.info({ orderId }, 'order completed automatically');
      return done ?? undefined;
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
