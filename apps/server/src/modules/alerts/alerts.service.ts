import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type {
  AlertFilters,
  AlertMatchDto,
  AlertMatchListDto,
  CreateAlertBody,
  ListAlertMatchesQuery,
  ListingSearchCriteria,
  ListingAlertDto,
  ListingAlertListDto,
  UpdateAlertBody,
} from '@castline/shared';
import {
  ALERT_LIMITS,
  ALERT_MESSAGES as M,
  criteriaFromAlertFilters,
  narrowsAlertMatches,
  OFFER_MESSAGES,
  isBannedMember,
} from '@castline/shared';
import type { Actor } from '../../http/access-policy.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../http/errors.js';
import type { BodyReader } from '../../http/route-helpers.js';
import { unreadCounts } from '../notifications/index.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import { presentAlert, presentMatch, presentMatchList } from './alerts.presenter.js';
import type { AlertsRepository } from './alerts.repository.js';

export type CreateAlertParams = z.output<typeof CreateAlertBody>;
export type UpdateAlertParams = z.output<typeof UpdateAlertBody>;
export type ListMatchesParams = z.output<typeof ListAlertMatchesQuery>;

export interface AlertsServiceDeps {
  repository: AlertsRepository;
  realtime: RealtimePublisher;
  logger: FastifyBaseLogger;
}

/**
 * The criteria of the filters a member sent (blank texts and empty lists are no filter); a save
 * must narrow the marketplace: 400 with the spec-style text otherwise.
 */
function criteriaOf(filters: AlertFilters): ListingSearchCriteria {
  const criteria = criteriaFromAlertFilters(filters);
  if (!narrowsAlertMatches(criteria)) {
    throw new ValidationError(M.filtersRequired, [{ path: 'filters', message: M.filtersRequired }]);
  }
  return criteria;
}

function assertNotBanned(actor: Actor): void {
  if (isBannedMember(actor)) throw new ForbiddenError(OFFER_MESSAGES.banned);
}

export function createAlertsService({ repository, realtime, logger }: AlertsServiceDeps) {
  const { db } = repository;

  async function presentOwned(id: string, userId: string): Promise<ListingAlertDto> {
    const row = await repository.findOwned(db, id, userId);
    if (!row) throw new NotFoundError(M.notFound);
    return presentAlert(row);
  }

  return {
    async list(userId: string): Promise<ListingAlertListDto> {
      return { items: (await repository.list(userId)).map(presentAlert) };
    },

    async create(actor: Actor, readBody: BodyReader<CreateAlertParams>): Promise<ListingAlertDto> {
      assertNotBanned(actor);
      const body = readBody();
      const criteria = criteriaOf(body.filters);
      const id = await db.transaction(async (tx) => {
        if ((await repository.countForUpdate(tx, actor.id)) >= ALERT_LIMITS.perMember) {
          throw new ConflictError('CONFLICT', M.tooMany);
        }
        return repository.insert(tx, actor.id, { name: body.name, criteria, is_active: body.is_active });
      });
      return presentOwned(id, actor.id);
    },

    async update(
      actor: Actor,
      id: string,
      readBody: BodyReader<UpdateAlertParams>,
    ): Promise<ListingAlertDto> {
      if (!(await repository.findOwned(db, id, actor.id))) throw new NotFoundError(M.notFound);
      assertNotBanned(actor);
      const body = readBody();
      const changed = await repository.update(id, actor.id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.is_active !== undefined ? { is_active: body.is_active } : {}),
        ...(body.filters !== undefined ? { criteria: criteriaOf(body.filters) } : {}),
      });
      if (!changed) throw new NotFoundError(M.notFound);
      return presentOwned(id, actor.id);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      if (!(await repository.findOwned(db, id, actor.id))) throw new NotFoundError(M.notFound);
      assertNotBanned(actor);
      if (!(await repository.remove(id, actor.id))) throw new NotFoundError(M.notFound);
    },

    async matches(userId: string, query: ListMatchesParams): Promise<AlertMatchListDto> {
      const alertId = query.alert_id ?? null;
      if (alertId && !(await repository.findOwned(db, alertId, userId))) throw new NotFoundError(M.notFound);
      const { rows, total, unread } = await repository.matches({
        userId,
        alertId,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return presentMatchList(rows, total, unread, query.page, query.pageSize);
    },

    /** Marks a match read, and its PRODUCT_ALERT notification with it (one transaction). */
    async markMatchRead(actor: Actor, id: string): Promise<AlertMatchDto> {
      const notificationsChanged = await db.transaction(async (tx) => {
        if (!(await repository.markMatchRead(tx, id, actor.id))) throw new NotFoundError(M.notFound);
        return repository.markMatchNotificationRead(tx, id, actor.id);
      });
      if (notificationsChanged > 0) {
        try {
          realtime.toUser(actor.id, { type: 'unread.changed', unread: await unreadCounts(db, actor.id) });
          realtime.toUser(actor.id, { type: 'notifications.changed' });
        } catch (error) {
          logger.warn({ err: error }, 'publishing alert match read failed');
        }
      }
      const row = await repository.findMatch(db, id, actor.id);
      if (!row) throw new NotFoundError(M.notFound);
      return presentMatch(row);
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
