import type { FastifyBaseLogger } from 'fastify';
import type { AdminAccessDto, AdminOverviewDto } from '@castline/shared';
import type { Actor } from '../../http/access-policy.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import type { ServerEvents } from '../../domain-events.js';
import type { AdminRepository } from './admin.repository.js';
import { presentAdminAccess, presentOverview } from './admin.presenter.js';
import { createAdminUsersService } from './admin-users.service.js';

const NEW_MEMBER_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export function createAdminService({
  repository,
  realtime,
  events,
  logger,
}: {
  repository: AdminRepository;
  realtime?: RealtimePublisher | undefined;
  events: ServerEvents;
  logger?: FastifyBaseLogger | undefined;
}) {
  return {
    ...createAdminUsersService({ repository, realtime, events, logger }),

    access(actor: Actor): AdminAccessDto {
      return presentAdminAccess(actor);
    },

    async overview(now = new Date()): Promise<AdminOverviewDto> {
      const counts = await repository.membershipCounts(new Date(now.getTime() - NEW_MEMBER_WINDOW_MS));
      return presentOverview(counts, now);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
