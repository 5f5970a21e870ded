import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type {
  CreateReviewBody,
  OrderReviewsDto,
  ProfileReviewFiguresDto,
  ProfileReviewsDto,
  ProfileReviewsQuery,
  ReplyToReviewBody,
  ReviewDto,
  ReviewRefusal,
} from '@castline/shared';
import {
  AUTH_MESSAGES,
  canReplyToReview,
  canReviewOrder,
  canSeeReview,
  canViewOrder,
  ORDER_MESSAGES,
  replyRefusal,
  REVIEW_MESSAGES as M,
  reviewerRoleOf,
  reviewOrderRefusal,
  reviewWindowOf,
} from '@castline/shared';
import type { Transaction } from '../../db/client.js';
import type { ReviewEvent, ServerEvents } from '../../domain-events.js';
import type { Actor } from '../../http/access-policy.js';
import type { AppError } from '../../http/errors.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../http/errors.js';
import type { BodyReader } from '../../http/route-helpers.js';
import type { AfterCommit } from '../../platform/events/domain-events.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { NotifyingReviewEvent } from './reviews.notifications.js';
import { otherSideOf, presentFigures, presentReview } from './reviews.presenter.js';
import type { ReviewOrderRow, ReviewRow, ReviewsRepository } from './reviews.repository.js';

/** The job that shows an order's hidden reviews when its review window closes (key: the order's id). */
export const REVIEWS_REVEAL_JOB = 'order.reviews-reveal';

type ReviewFields = z.output<typeof CreateReviewBody>;
type ReplyFields = z.output<typeof ReplyToReviewBody>;
export type ProfileReviewsParams = z.output<typeof ProfileReviewsQuery>;

export interface ReviewsServiceDeps {
  repository: ReviewsRepository;
  events: ServerEvents;
  jobs: JobQueue;
  logger: FastifyBaseLogger;
  /** The clock (tests move it). */
  now?: () => Date;
}

/** The texts a refusal answers with; the listing page's older rating words "already" its own way. */
function refusalError(refusal: ReviewRefusal, alreadyMessage: string = M.alreadyReviewed): AppError {
  switch (refusal) {
    case 'not_party':
      return new NotFoundError(ORDER_MESSAGES.notFound);
    case 'banned':
      return new ForbiddenError(M.banned);
    case 'no_buyer':
      return new ConflictError('CONFLICT', M.noBuyer);
    case 'cancelled':
      return new ConflictError('CONFLICT', M.cancelled);
    case 'not_yet':
      return new ConflictError('CONFLICT', M.notYet);
    case 'already_reviewed':
      return new ConflictError('CONFLICT', alreadyMessage);
    case 'window_closed':
      return new ConflictError('CONFLICT', M.windowClosed);
  }
}

function subjectOf(order: ReviewOrderRow): ReviewEvent['order'] {
  return {
    id: order.id,
    product_id: order.product_id,
    buyer_id: order.buyer_id,
    seller_id: order.seller_id,
    title: order.title,
  };
}

export function createReviewsService({
  repository,
  events,
  jobs,
  logger,
  now = () => new Date(),
}: ReviewsServiceDeps) {
  const { db } = repository;

  /** Raises a review event in `tx`; the returned work runs its after-commit listeners, then what the others left. */
  async function raise(
    tx: Transaction,
    name: NotifyingReviewEvent,
    change: ReviewEvent,
  ): Promise<AfterCommit> {
    const later = await events.inTransaction(tx, name, change);
    return async () => {
      await events.committed(name, change);
      await later();
    };
  }

  /** Queues the reveal of whatever is still hidden for the window's end (the same job again: rescheduled). */
  async function scheduleRevealOf(tx: Transaction, order: ReviewOrderRow): Promise<void> {
    const window = reviewWindowOf(order);
    if (!window) return;
    await jobs.enqueue(tx, {
      name: REVIEWS_REVEAL_JOB,
      key: order.id,
      runAt: window.closesAt,
      payload: { orderId: order.id },
    });
  }

  /**
   * Shows the order's hidden reviews, and a buyer's review becomes the listing's
   * transaction_rating and counts in the seller's rating (one truth for the spec's figures).
   */
  async function revealAll(tx: Transaction, order: ReviewOrderRow) {
    const shown = await repository.reveal(tx, order.id);
    for (const review of shown) {
      if (review.reviewer_role === 'buyer')
        await repository.applyBuyerRating(tx, order.product_id, order.seller_id, review.rating);
    }
    return shown;
  }

  /**
   * Writes the caller's review on the locked order: refused as the policy says; the second review
   * shows both at once, the first waits (hidden) for the other side or the window's end.
   */
  async function write(
    tx: Transaction,
    actor: Actor,
    order: ReviewOrderRow,
    readFields: () => ReviewFields,
    alreadyMessage?: string,
  ): Promise<AfterCommit> {
    const existing = await repository.ofOrder(tx, order.id);
    const refusal = reviewOrderRefusal(actor, order, now(), existing);
    if (refusal) throw refusalError(refusal, alreadyMessage);
    const { rating, body } = readFields();
    const role = reviewerRoleOf(actor.id, order);
    const revieweeId = role === 'buyer' ? order.seller_id : order.buyer_id!;
    const reviewId = await repository.insert(tx, {
      order_id: order.id,
      reviewer_id: actor.id,
      reviewee_id: revieweeId,
      reviewer_role: role,
      rating,
      body,
    });
    const other = existing.find((review) => review.reviewer_id !== actor.id);
    if (other) {
      await revealAll(tx, order);
      await jobs.cancel(tx, REVIEWS_REVEAL_JOB, order.id);
    } else {
      // Usually queued when the window opened; queued again for orders that had no job (sales marked
      // sold by hand, orders received before reviews existed).
      await scheduleRevealOf(tx, order);
    }
    const reviews: ReviewEvent['reviews'] = [
      { reviewerId: actor.id, reviewerName: actor.username, revieweeId },
      ...(other
        ? [
            {
              reviewerId: other.reviewer_id,
              reviewerName: other.reviewer_username,
              revieweeId: other.reviewee_id,
            },
          ]
        : []),
    ];
    return raise(tx, 'review.submitted', {
      order: subjectOf(order),
      by: { id: actor.id, username: actor.username },
      reviews,
      revealed: Boolean(other),
      revealsAt: other ? null : (reviewWindowOf(order)?.closesAt.toISOString() ?? null),
      written: { reviewId, text: body },
    });
  }

  /** The order's reviews as one of its sides sees them. */
  function orderView(actor: Actor, order: ReviewOrderRow, rows: ReviewRow[]): OrderReviewsDto {
    const mine = rows.find((row) => row.reviewer_id === actor.id) ?? null;
    const theirs = rows.find((row) => row.reviewer_id !== actor.id) ?? null;
    const window = reviewWindowOf(order);
    return {
      order_id: order.id,
      role: reviewerRoleOf(actor.id, order),
      other: otherSideOf(order, actor.id),
      mine: mine ? presentReview(mine, actor.id) : null,
      theirs: theirs && canSeeReview(actor, theirs) ? presentReview(theirs, actor.id) : null,
      theirs_hidden: theirs !== null && !canSeeReview(actor, theirs),
      can_review: canReviewOrder(actor, order, now(), rows),
      can_reply: theirs !== null && canReplyToReview(actor, theirs),
      window_closes_at: window ? window.closesAt.toISOString() : null,
    };
  }

  /** The order when the caller is one of its sides; 404 for anyone else (as the order itself). */
  async function visibleOrder(actor: Actor, orderId: string): Promise<ReviewOrderRow> {
    const order = await repository.findOrder(db, orderId);
    if (!order || !canViewOrder(actor, order)) throw new NotFoundError(ORDER_MESSAGES.notFound);
    return order;
  }

  return {
    /** In the transaction that opens the window (received, or completed without receipt): the reveal is queued. */
    async scheduleReveal(tx: Transaction, orderId: string): Promise<void> {
      const order = await repository.findOrder(tx, orderId);
      if (!order) return;
      const reviews = await repository.ofOrder(tx, orderId);
      // Both in and shown already: nothing will be left to reveal.
      if (reviews.length === 2 && reviews.every((review) => review.revealed_at !== null)) return;
      await scheduleRevealOf(tx, order);
    },

    /** POST /api/orders/:id/review */
    async submit(
      actor: Actor,
      orderId: string,
      readBody: BodyReader<ReviewFields>,
    ): Promise<OrderReviewsDto> {
      const published = await db.transaction(async (tx) => {
        const order = await repository.lockOrder(tx, orderId);
        if (!order || !canViewOrder(actor, order)) throw new NotFoundError(ORDER_MESSAGES.notFound);
        return write(tx, actor, order, readBody);
      });
      await published();
      const order = await visibleOrder(actor, orderId);
      return orderView(actor, order, await repository.ofOrder(db, orderId));
    },

    /**
     * POST /api/listings/:id/rating (the spec's transaction rating): the buyer's review of the
     * listing's order, a rating without words, under the same rules as any review. Its caller has
     * checked the listing is sold to them.
     */
    async rateSale(actor: Actor, listingId: string, readRating: () => number, alreadyMessage: string) {
      const published = await db.transaction(async (tx) => {
        const orderId = await repository.liveOrderId(tx, listingId);
        const order = orderId ? await repository.lockOrder(tx, orderId) : undefined;
        if (!order || order.buyer_id !== actor.id) throw new ConflictError('CONFLICT', M.notYet);
        return write(tx, actor, order, () => ({ rating: readRating(), body: '' }), alreadyMessage);
      });
      await published();
    },

    /** The rating the buyer gave the listing's sale, shown to them before the other side sees it. */
    async buyerRatingOf(listingId: string, buyerId: string): Promise<number | null> {
      return repository.buyerRatingOf(listingId, buyerId);
    },

    /** GET /api/orders/:id/reviews */
    async forOrder(actor: Actor, orderId: string): Promise<OrderReviewsDto> {
      const order = await visibleOrder(actor, orderId);
      return orderView(actor, order, await repository.ofOrder(db, orderId));
    },

    /** POST /api/reviews/:id/reply */
    async reply(actor: Actor, reviewId: string, readBody: BodyReader<ReplyFields>): Promise<ReviewDto> {
      const published = await db.transaction(async (tx) => {
        const review = await repository.lockReview(tx, reviewId);
        // A hidden review does not exist for anyone but its writer and the member it speaks of.
        if (!review || (!canSeeReview(actor, review) && actor.id !== review.reviewee_id))
          throw new NotFoundError(M.notFound);
        switch (replyRefusal(actor, review)) {
          case 'not_reviewee':
            throw new ForbiddenError(M.replyNotAllowed);
          case 'banned':
            throw new ForbiddenError(M.banned);
          case 'not_revealed':
            throw new ConflictError('CONFLICT', M.replyNotYet);
          case 'hidden':
            throw new ConflictError('CONFLICT', M.hiddenByModeration);
          case 'already_replied':
            throw new ConflictError('CONFLICT', M.alreadyReplied);
          case null:
            break;
        }
        const { reply } = readBody();
        if (!(await repository.reply(tx, reviewId, reply)))
          throw new ConflictError('CONFLICT', M.alreadyReplied);
        const order = await repository.findOrder(tx, review.order_id);
        const reviewer = await repository.findReview(tx, reviewId);
        return raise(tx, 'review.replied', {
          order: subjectOf(order!),
          by: { id: actor.id, username: actor.username },
          reviews: [
            {
              reviewerId: review.reviewer_id,
              reviewerName: reviewer?.reviewer_username ?? '',
              revieweeId: review.reviewee_id,
            },
          ],
          revealed: true,
          revealsAt: null,
          written: { reviewId, text: reply },
        });
      });
      await published();
      return presentReview((await repository.findReview(db, reviewId))!, actor.id);
    },

    /** GET /api/profiles/:userId/review-figures */
    async figures(userId: string): Promise<ProfileReviewFiguresDto> {
      if (!(await repository.memberExists(userId))) throw new NotFoundError(AUTH_MESSAGES.profileNotFound);
      return presentFigures(userId, await repository.figures(db, userId));
    },

    /** GET /api/profiles/:userId/reviews: visible reviews only, newest first, with the figures. */
    async ofProfile(userId: string, query: ProfileReviewsParams): Promise<ProfileReviewsDto> {
      if (!(await repository.memberExists(userId))) throw new NotFoundError(AUTH_MESSAGES.profileNotFound);
      // As a seller: what buyers wrote of them; as a buyer: what sellers wrote.
      const reviewerRole = query.role === 'seller' ? 'buyer' : 'seller';
      const [figures, page] = await Promise.all([
        repository.figures(db, userId),
        repository.visibleReviewsOf(userId, reviewerRole, query.pageSize, (query.page - 1) * query.pageSize),
      ]);
      return {
        figures: presentFigures(userId, figures),
        role: query.role,
        items: page.rows.map((row) => presentReview(row)),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /**
     * The job at the window's end: shows whatever is still hidden (each member reviewed is told).
     * Run again, it finds nothing hidden and does nothing.
     */
    async revealDue(tx: Transaction, orderId: string): Promise<AfterCommit | undefined> {
      const order = await repository.lockOrder(tx, orderId);
      if (!order) return undefined;
      const before = await repository.ofOrder(tx, orderId);
      const shown = await revealAll(tx, order);
      if (shown.length === 0) return undefined;
      logger.info({ orderId, reviews: shown.length }, 'hidden reviews shown at the end of the review window');
      const nameOf = new Map(before.map((row) => [row.id, row.reviewer_username]));
      return raise(tx, 'reviews.revealed', {
        order: subjectOf(order),
        by: null,
        reviews: shown.map((review) => ({
          reviewerId: review.reviewer_id,
          reviewerName: nameOf.get(review.id) ?? '',
          revieweeId: review.reviewee_id,
        })),
        revealed: true,
        revealsAt: null,
      });
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
