import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorDto,
  BuyNowBody,
  CancelOrderBody,
  LISTING_MESSAGES,
  ListingIdParams,
  ListOrdersQuery,
  ORDER_MESSAGES as M,
  OrderDto,
  OrderIdParams,
  OrderListDto,
  ShipOrderBody,
} from '@castline/shared';
import { requireActor } from '../../http/auth-hooks.js';
import { UnauthenticatedError } from '../../http/errors.js';
import { assertValidId, bodyReader } from '../../http/route-helpers.js';
import type { OrdersService } from './orders.service.js';

const errors = { 400: ApiErrorDto, 401: ApiErrorDto, 403: ApiErrorDto, 404: ApiErrorDto, 409: ApiErrorDto };
const tags = ['orders'];

export function registerOrdersRoutes(app: FastifyInstance, orders: OrdersService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/listings/:id/buy', {
    // A guest is told to sign in with the order's own text, so the session is checked here.
    config: { auth: 'optional', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary:
        'Buy a listing now at its price (plus shipping when shipped): an order awaiting payment; the listing leaves the market',
      params: ListingIdParams,
      body: BuyNowBody,
      response: { 201: OrderDto, ...errors },
    },
    handler: async (request, reply) => {
      if (!request.actor) throw new UnauthenticatedError(M.mustBeLoggedIn);
      assertValidId(request, LISTING_MESSAGES.productNotFound);
      const order = await orders.buyNow(request.actor, request.params.id, bodyReader(request));
      return reply.status(201).send(order);
    },
  });

  r.get('/api/me/orders', {
    config: { auth: 'required', actor: true },
    schema: {
      tags,
      summary: "The caller's purchases (buying) or sales (selling), newest first, by state",
      querystring: ListOrdersQuery,
      response: { 200: OrderListDto, ...errors },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return orders.list(requireActor(request), request.query);
    },
  });

  r.get('/api/orders/:id', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: 'An order with its timeline and the steps open to the caller (its buyer or seller)',
      params: OrderIdParams,
      response: { 200: OrderDto, ...errors },
    },
    handler: async (request, reply) => {
      assertValidId(request, M.notFound);
      void reply.header('cache-control', 'no-store');
      return orders.get(requireActor(request), request.params.id);
    },
  });

  for (const action of ['confirm-payment', 'receive'] as const) {
    r.post(`/api/orders/:id/${action}`, {
      config: { auth: 'required', actor: true },
      attachValidation: true,
      schema: {
        tags,
        summary:
          action === 'confirm-payment'
            ? 'The seller confirms the payment arranged with the buyer arrived: the order is paid'
            : 'The buyer marks a shipped order received (it completes, or when returns are accepted, once their window closes)',
        params: OrderIdParams,
        response: { 200: OrderDto, ...errors },
      },
      handler: async (request) => {
        assertValidId(request, M.notFound);
        return orders.act(requireActor(request), request.params.id, action);
      },
    });
  }

  r.post('/api/orders/:id/ship', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: `The seller ships a paid order (carrier and tracking number) or readies it for pickup (a note); it completes by itself 14 days later unless the buyer marks it received first`,
      params: OrderIdParams,
      body: ShipOrderBody,
      response: { 200: OrderDto, ...errors },
    },
    handler: async (request) => {
      assertValidId(request, M.notFound);
      return orders.act(requireActor(request), request.params.id, 'ship', bodyReader(request));
    },
  });

  r.post('/api/orders/:id/cancel', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary:
        'Buyer or seller cancels an order not yet shipped, with a reason; the listing returns to the market',
      params: OrderIdParams,
      body: CancelOrderBody,
      response: { 200: OrderDto, ...errors },
    },
    handler: async (request) => {
      assertValidId(request, M.notFound);
      return orders.act(requireActor(request), request.params.id, 'cancel', bodyReader(request));
    },
  });
}
