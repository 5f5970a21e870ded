import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorDto,
  LISTING_MESSAGES as M,
  ListingIdParams,
  PRICE_GUIDE_MIN_SALES,
  PRICE_GUIDE_MONTHS,
  PriceGuideDto,
  PriceGuideQuery,
} from '@castline/shared';
import { assertValidId } from '../../http/route-helpers.js';
import type { ListingsPriceGuideService } from './listings-price-guide.service.js';

const tags = ['listings'];
/** Sales move slowly: browsers and shared caches may keep a public guide for five minutes. */
const PUBLIC_CACHE = 'public, max-age=300';
/** The guide of a listing only its seller and moderators can see stays with them. */
const PRIVATE_CACHE = 'private, max-age=300';
const ABOUT = `completed orders (marked sales included) of the last ${PRICE_GUIDE_MONTHS} months with the same brand and model, else the same brand in the same category; median, lowest, highest and the newest sales, or no figures below ${PRICE_GUIDE_MIN_SALES} sales`;

/**
 * The price guide: GET /api/listings/price-guide (the listing form's hint) and
 * GET /api/listings/:id/price-guide (a listing's page). The static path wins over /api/listings/:id
 * in Fastify's router whatever the order of registration.
 */
export function registerListingsPriceGuideRoutes(
  app: FastifyInstance,
  guides: ListingsPriceGuideService,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/listings/price-guide', {
    schema: {
      tags,
      summary: `Price guide for gear being priced: ${ABOUT}`,
      querystring: PriceGuideQuery,
      response: { 200: PriceGuideDto, 400: ApiErrorDto },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', PUBLIC_CACHE);
      return guides.forGear(request.query);
    },
  });

  r.get('/api/listings/:id/price-guide', {
    config: { auth: 'optional', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: `Price guide for a listing's brand, model and category, its own sale left out: ${ABOUT}`,
      params: ListingIdParams,
      response: { 200: PriceGuideDto, 404: ApiErrorDto },
    },
    handler: async (request, reply) => {
      assertValidId(request, M.productNotFound);
      const { guide, public: seenByAll } = await guides.forListing(request.params.id, request.actor);
      void reply.header('cache-control', seenByAll ? PUBLIC_CACHE : PRIVATE_CACHE);
      return guide;
    },
  });
}
