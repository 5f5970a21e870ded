import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorDto,
  CounterOfferBody,
  CreateOfferBody,
  LISTING_MESSAGES,
  ListingIdParams,
  ListOffersQuery,
  MyListingOfferDto,
  OFFER_MESSAGES as M,
  OfferDto,
  OfferIdParams,
  OfferListDto,
  OfferMemberParams,
  OffersWithMemberDto,
} from '@castline/shared';
import { requireActor } from '../../http/auth-hooks.js';
import { UnauthenticatedError } from '../../http/errors.js';
import { assertValidId, bodyReader, viewerOf } from '../../http/route-helpers.js';
import type { OffersService } from './offers.service.js';

const errors = { 400: ApiErrorDto, 401: ApiErrorDto, 403: ApiErrorDto, 404: ApiErrorDto, 409: ApiErrorDto };
const tags = ['offers'];

export function registerOffersRoutes(app: FastifyInstance, offers: OffersService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/listings/:id/offers', {
    // A guest is told the offer's own text, so the session is checked here rather than by the guard.
    config: { auth: 'optional', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Make an offer on a listing (one open offer per buyer and listing); the seller is notified',
      params: ListingIdParams,
      body: CreateOfferBody,
      response: { 201: OfferDto, ...errors },
    },
    handler: async (request, reply) => {
      if (!request.actor) throw new UnauthenticatedError(M.mustBeLoggedIn);
      assertValidId(request, LISTING_MESSAGES.productNotFound);
      const created = await offers.create(request.actor, request.params.id, bodyReader(request));
      return reply.status(201).send(created);
    },
  });

  r.get('/api/listings/:id/offers/mine', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: "The caller's open offer on the listing, else their latest accepted one",
      params: ListingIdParams,
      response: { 200: MyListingOfferDto, ...errors },
    },
    handler: async (request, reply) => {
      assertValidId(request, LISTING_MESSAGES.productNotFound);
      void reply.header('cache-control', 'no-store');
      return offers.mine(requireActor(request), request.params.id);
    },
  });

  r.get('/api/me/offers', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: "The caller's offers received (as seller) or made (as buyer), newest first",
      querystring: ListOffersQuery,
      response: { 200: OfferListDto, ...errors },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return offers.list(viewerOf(request), request.query);
    },
  });

  r.get('/api/me/offers/with/:userId', {
    config: { auth: 'required' },
    attachValidation: true,
    schema: {
      tags,
      summary:
        "The offers between the caller and another member, either way round, newest first (their conversation's offer cards)",
      params: OfferMemberParams,
      response: { 200: OffersWithMemberDto, ...errors },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      // A malformed id names nobody: there are no offers with them.
      if (request.validationError) return { items: [] };
      return offers.between(viewerOf(request), request.params.userId);
    },
  });

  for (const action of ['accept', 'reject', 'cancel'] as const) {
    r.post(`/api/offers/:id/${action}`, {
      config: { auth: 'required', actor: true },
      attachValidation: true,
      schema: {
        tags,
        summary: `${action[0]!.toUpperCase()}${action.slice(1)} an offer (as the offer's actions allow the caller)`,
        params: OfferIdParams,
        response: { 200: OfferDto, ...errors },
      },
      handler: async (request) => {
        assertValidId(request, M.notFound);
        return offers.respond(requireActor(request), request.params.id, action);
      },
    });
  }

  r.post('/api/offers/:id/counter', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: "The seller's counter-offer on a pending offer; the 48 hours start again",
      params: OfferIdParams,
      body: CounterOfferBody,
      response: { 200: OfferDto, ...errors },
    },
    handler: async (request) => {
      assertValidId(request, M.notFound);
      return offers.respond(requireActor(request), request.params.id, 'counter', bodyReader(request));
    },
  });
}
