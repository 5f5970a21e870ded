import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorDto,
  BuyerCandidatesDto,
  HomeListingsDto,
  LISTING_MESSAGES as M,
  ListingBody,
  ListingDto,
  ListingIdParams,
  ListingListDto,
  ListListingsQuery,
  MarkSoldBody,
  MyFavoritesQuery,
  RateTransactionBody,
  SimilarListingsDto,
  ToggleResultDto,
} from '@castline/shared';
import { requireActor } from '../../http/auth-hooks.js';
import { ValidationError } from '../../http/errors.js';
import { assertValidId, bodyReader, sendNoContent } from '../../http/route-helpers.js';
import { schemaSerializer } from '../../http/schema-serializer.js';
import { searchCriteriaOf } from './listing-search-query.js';
import type { ListingViews } from './listing-views.js';
import type { ListingsService } from './listings.service.js';

const errors = { 400: ApiErrorDto, 401: ApiErrorDto, 403: ApiErrorDto, 404: ApiErrorDto, 409: ApiErrorDto };
const tags = ['listings'];

export function registerListingsRoutes(
  app: FastifyInstance,
  listings: ListingsService,
  views: ListingViews,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/listings', {
    // The actor (one query, signed-in callers only) decides whether a sold listing shows its buyer.
    config: { auth: 'optional', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary:
        'Search the marketplace: public listings (active or pending, not sold), or sold ones with sold=true; 20 per page with the exact total',
      querystring: ListListingsQuery,
      response: { 200: ListingListDto, ...errors },
    },
    // A hot read: its presenter builds exactly the DTO (decision 0014).
    serializerCompiler: schemaSerializer,
    handler: async (request) => {
      const invalid = request.validationError;
      if (invalid) {
        const items = (invalid as { validation?: { instancePath?: string }[] }).validation ?? [];
        const paths = items.map((item) => item.instancePath?.replace(/^\//, '').split('/')[0] || 'query');
        throw new ValidationError(
          M.invalidFilter,
          [...new Set(paths)].map((path) => ({ path, message: M.invalidFilter })),
        );
      }
      return listings.list(searchCriteriaOf(request.query), request.query, request.actor);
    },
  });

  r.get('/api/listings/home', {
    config: { auth: 'optional', actor: true },
    schema: {
      tags,
      summary: 'Home rows: 4 random featured, 4 newest and 4 recently sold listings',
      response: { 200: HomeListingsDto },
    },
    serializerCompiler: schemaSerializer,
    handler: async (request) => listings.home(request.actor),
  });

  r.get('/api/listings/:id', {
    config: { auth: 'optional', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: 'One listing; hidden and flagged ones only for their seller and moderators',
      params: ListingIdParams,
      response: { 200: ListingDto, ...errors },
    },
    serializerCompiler: schemaSerializer,
    handler: async (request) => {
      assertValidId(request, M.productNotFound);
      return listings.detail(request.params.id, request.actor);
    },
  });

  r.get('/api/listings/:id/similar', {
    config: { auth: 'optional', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Up to 8 public listings in the same category sharing a gear type, nearest first',
      params: ListingIdParams,
      response: { 200: SimilarListingsDto, ...errors },
    },
    handler: async (request) => {
      assertValidId(request, M.productNotFound);
      return listings.similar(request.params.id, request.actor);
    },
  });

  r.post('/api/listings/:id/views', {
    // A counted view changes no page a guest is shown: the guests' page cache is kept.
    config: { auth: 'optional', actor: true, keepsPageCache: true },
    attachValidation: true,
    schema: {
      tags,
      summary:
        "The listing page's view beacon: counts the caller once per listing a day (a guest by address and browser, kept only as a daily HMAC), never the seller, a crawler, or a listing the public cannot see; 204 whether or not it counted (decision 0015)",
      params: ListingIdParams,
      response: {
        204: z.null().describe('Seen'),
        404: ApiErrorDto,
        429: ApiErrorDto,
      },
    },
    handler: async (request, reply) => {
      assertValidId(request, M.productNotFound);
      await views.record(request.params.id, {
        actor: request.actor ?? null,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      return sendNoContent(reply);
    },
  });

  r.post('/api/listings', {
    // A guest is told the spec's own text, so the session is checked here rather than by the guard.
    config: { auth: 'optional', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Create a listing (starts pending moderation, unsold)',
      body: ListingBody,
      response: { 201: ListingDto, ...errors },
    },
    handler: async (request, reply) => {
      const created = await listings.create(request.actor, bodyReader(request, M.productNotFound));
      return reply.status(201).send(created);
    },
  });

  r.put('/api/listings/:id', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Edit a listing (its seller, or a moderator); moderation and sale fields are kept',
      params: ListingIdParams,
      body: ListingBody,
      response: { 200: ListingDto, ...errors },
    },
    handler: async (request) =>
      listings.update(request.params.id, requireActor(request), bodyReader(request, M.productNotFound)),
  });

  r.delete('/api/listings/:id', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Soft-delete a listing (its seller, or a moderator)',
      params: ListingIdParams,
      response: { 204: z.null().describe('Deleted'), ...errors },
    },
    handler: async (request, reply) => {
      assertValidId(request, M.productNotFound);
      await listings.remove(request.params.id, requireActor(request));
      return sendNoContent(reply);
    },
  });

  r.post('/api/listings/:id/mark-sold', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: 'mark_product_as_sold: the seller marks it sold (to a buyer, or null when sold elsewhere)',
      params: ListingIdParams,
      body: MarkSoldBody,
      response: { 200: ListingDto, ...errors },
    },
    handler: async (request) =>
      listings.markSold(request.params.id, requireActor(request), bodyReader(request, M.productNotFound)),
  });

  r.get('/api/listings/:id/buyer-candidates', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Members the seller may pick as the buyer (those who liked or favourited it)',
      params: ListingIdParams,
      response: { 200: BuyerCandidatesDto, ...errors },
    },
    handler: async (request, reply) => {
      assertValidId(request, M.productNotFound);
      void reply.header('cache-control', 'no-store');
      return listings.buyerCandidates(request.params.id, requireActor(request));
    },
  });

  r.post('/api/listings/:id/rating', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: "The buyer rates the sale once (1 to 5); the seller's rating is recomputed",
      params: ListingIdParams,
      body: RateTransactionBody,
      response: { 200: ListingDto, ...errors },
    },
    handler: async (request) =>
      listings.rate(request.params.id, requireActor(request), bodyReader(request, M.productNotFound)),
  });

  for (const kind of ['like', 'favorite'] as const) {
    r.post(`/api/listings/:id/${kind}`, {
      config: { auth: 'required', actor: true },
      attachValidation: true,
      schema: {
        tags,
        summary: `Toggle the caller's ${kind}; answers the new state and count`,
        params: ListingIdParams,
        response: { 200: ToggleResultDto, ...errors },
      },
      handler: async (request) => {
        assertValidId(request, M.productNotFound);
        return listings.toggle(kind, request.params.id, requireActor(request));
      },
    });
  }

  r.get('/api/me/favorites', {
    config: { auth: 'required', actor: true },
    schema: {
      tags,
      summary: "The caller's favourite listings, newest favourite first",
      querystring: MyFavoritesQuery,
      response: { 200: ListingListDto, ...errors },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return listings.favorites(requireActor(request), request.query.page, request.query.pageSize);
    },
  });
}
