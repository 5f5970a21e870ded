import type { FastifyBaseLogger } from 'fastify';
import type {
  MonitoringBatchResultDto,
  MonitoringErrorGroupPageDto,
  MonitoringErrorOccurrencesDto,
  MonitoringErrorsBatch,
  MonitoringEventPageDto,
  MonitoringEventsBatch,
  MonitoringEventType,
} from '@castline/shared';
import { MONITORING_LIMITS, MONITORING_MESSAGES, MONITORING_PAGE_SIZE } from '@castline/shared';
import { NotFoundError } from '../../http/errors.js';
import { errorFingerprint } from './monitoring.fingerprint.js';
import { presentError, presentErrorGroup, presentEvent } from './monitoring.presenter.js';
import type { ErrorQuota } from './monitoring.rate-limit.js';
import type { MonitoringRepository } from './monitoring.repository.js';

/** Where an unexpected server error happened. */
export interface ServerErrorContext {
  requestId: string;
  userId: string | null;
  method: string;
  /** The route pattern (never the raw URL, which may carry tokens). */
  route: string | null;
}

export interface MonitoringServiceDeps {
  repository: MonitoringRepository;
  quota: ErrorQuota;
  logger: FastifyBaseLogger;
}

function truncate(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) : text;
}

function describeError(error: unknown): {
  name: string;
  message: string;
  stack: string | null;
  code?: string;
} {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return {
      name: error.name || 'Error',
      message: error.message || error.name || 'Error',
      stack: error.stack ?? null,
      ...(typeof code === 'string' ? { code } : {}),
    };
  }
  return { name: 'NonError', message: String(error), stack: null };
}

export function createMonitoringService({ repository, quota, logger }: MonitoringServiceDeps) {
  return {
    /** Stores the member's errors (at most 50 per 60 s; the rest are dropped and counted). */
    async ingestErrors(userId: string, batch: MonitoringErrorsBatch): Promise<MonitoringBatchResultDto> {
      const granted = quota.take(userId, batch.errors.length);
      const kept = batch.errors.slice(0, granted);
      await repository.insertErrors(
        kept.map((item) => ({
          user_id: userId,
          source: 'client',
          message: item.message,
          stack: item.stack ?? null,
          fingerprint: errorFingerprint(item.message, item.stack),
          context: item.context ?? null,
          metadata: item.metadata ?? null,
          timestamp: new Date(item.timestamp),
        })),
      );
      const dropped = batch.errors.length - kept.length;
      if (dropped > 0) logger.info({ userId, dropped }, 'monitoring errors over the rate limit dropped');
      return { accepted: kept.length, dropped };
    },

    async ingestEvents(userId: string, batch: MonitoringEventsBatch): Promise<MonitoringBatchResultDto> {
      await repository.insertEvents(
        batch.events.map((item) => ({
          user_id: userId,
          event_type: item.event_type,
          context: item.context ?? null,
          metadata: item.metadata ?? null,
          timestamp: new Date(item.timestamp),
        })),
      );
      return { accepted: batch.events.length, dropped: 0 };
    },

    /** Stores an unexpected server error with its request id. Never throws. */
    async recordServerError(error: unknown, where: ServerErrorContext): Promise<void> {
      try {
        const { name, message, stack, code } = describeError(error);
        const safeMessage = truncate(message, MONITORING_LIMITS.messageMax);
        const safeStack = stack === null ? null : truncate(stack, MONITORING_LIMITS.stackMax);
        await repository.insertErrors([
          {
            user_id: where.userId,
            source: 'server',
            message: safeMessage,
            stack: safeStack,
            fingerprint: errorFingerprint(safeMessage, safeStack),
            context: { method: where.method, route: where.route },
            metadata: { name, ...(code ? { code } : {}) },
            request_id: where.requestId,
            timestamp: new Date(),
          },
        ]);
      } catch (failure) {
        logger.warn({ err: failure, requestId: where.requestId }, 'could not record the server error');
      }
    },

    async errorGroups(page: number): Promise<MonitoringErrorGroupPageDto> {
      const { rows, total } = await repository.errorGroups(
        MONITORING_PAGE_SIZE,
        (page - 1) * MONITORING_PAGE_SIZE,
      );
      return { items: rows.map(presentErrorGroup), page, page_size: MONITORING_PAGE_SIZE, total };
    },

    async occurrences(fingerprint: string): Promise<MonitoringErrorOccurrencesDto> {
      const rows = await repository.occurrences(fingerprint, MONITORING_LIMITS.occurrencesShown);
      if (rows.length === 0) throw new NotFoundError(MONITORING_MESSAGES.errorGroupNotFound);
      return { fingerprint, items: rows.map(presentError) };
    },

    async events(type: MonitoringEventType | undefined, page: number): Promise<MonitoringEventPageDto> {
      const { rows, total } = await repository.events(
        type,
        MONITORING_PAGE_SIZE,
        (page - 1) * MONITORING_PAGE_SIZE,
      );
      return { items: rows.map(presentEvent), page, page_size: MONITORING_PAGE_SIZE, total };
    },
  };
}

export type MonitoringService = ReturnType<typeof createMonitoringService>;
