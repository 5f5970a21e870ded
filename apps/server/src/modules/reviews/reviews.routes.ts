import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorDto,
  AUTH_MESSAGES,
  CreateReviewBody,
  ORDER_MESSAGES,
  OrderIdParams,
  OrderReviewsDto,
  ProfileIdParams,
  ProfileReviewFiguresDto,
  ProfileReviewsDto,
  ProfileReviewsQuery,
  REVIEW_MESSAGES as M,
  REVIEW_WINDOW_DAYS,
  ReplyToReviewBody,
  ReviewDto,
  ReviewIdParams,
} from '@castline/shared';
import { requireActor } from '../../http/auth-hooks.js';
import { assertValidId, bodyReader, validated } from '../../http/route-helpers.js';
import type { ReviewsService } from './reviews.service.js';

const errors = { 400: ApiErrorDto, 401: ApiErrorDto, 403: ApiErrorDto, 404: ApiErrorDto, 409: ApiErrorDto };
const tags = ['reviews'];

export function registerReviewsRoutes(app: FastifyInstance, reviews: ReviewsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/orders/:id/review', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: `The buyer or the seller rates the other side (1 to 5) and writes a review, once, within ${REVIEW_WINDOW_DAYS} days of receipt; hidden from the other side until both are in or the window closes`,
      params: OrderIdParams,
      body: CreateReviewBody,
      response: { 201: OrderReviewsDto, ...errors },
    },
    handler: async (request, reply) => {
      const view = await reviews.submit(
        requireActor(request),
        request.params.id,
        bodyReader(request, ORDER_MESSAGES.notFound),
      );
      return reply.status(201).send(view);
    },
  });

  r.get('/api/orders/:id/reviews', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary:
        "The order's reviews as its buyer or seller sees them: their own, the other side's once visible, and what they may do",
      params: OrderIdParams,
      response: { 200: OrderReviewsDto, ...errors },
    },
    handler: async (request, reply) => {
      assertValidId(request, ORDER_MESSAGES.notFound);
      void reply.header('cache-control', 'no-store');
      return reviews.forOrder(requireActor(request), request.params.id);
    },
  });

  r.post('/api/reviews/:id/reply', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary: 'The member reviewed posts one public reply to a visible review',
      params: ReviewIdParams,
      body: ReplyToReviewBody,
      response: { 200: ReviewDto, ...errors },
    },
    handler: async (request) =>
      reviews.reply(requireActor(request), request.params.id, bodyReader(request, M.notFound)),
  });

  r.get('/api/profiles/:userId/reviews', {
    attachValidation: true,
    schema: {
      tags,
      summary:
        "A member's visible reviews as seller or as buyer, newest first, 10 a page, with their figures (count, average, share rated 4 or 5)",
      params: ProfileIdParams,
      querystring: ProfileReviewsQuery,
      response: { 200: ProfileReviewsDto, 400: ApiErrorDto, 404: ApiErrorDto },
    },
    handler: async (request) => {
      assertValidId(request, AUTH_MESSAGES.profileNotFound);
      const { params, query } = validated(request);
      return reviews.ofProfile(params.userId.toLowerCase(), query);
    },
  });

  r.get('/api/profiles/:userId/review-figures', {
    attachValidation: true,
    schema: {
      tags,
      summary:
        "A member's review figures as seller and as buyer (visible reviews: count, average, share rated 4 or 5), for a listing page",
      params: ProfileIdParams,
      response: { 200: ProfileReviewFiguresDto, 404: ApiErrorDto },
    },
    handler: async (request) => {
      assertValidId(request, AUTH_MESSAGES.profileNotFound);
      return reviews.figures(request.params.userId.toLowerCase());
    },
  });
}
