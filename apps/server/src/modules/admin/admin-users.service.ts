import type {
  AdminMessageDto,
  AdminRolesDto,
  AdminSessionListDto,
  AdminSettingsDto,
  AdminUserDetailDto,
  AdminUserListDto,
  AdminUsersQuery,
  AdminSessionsQuery,
  AnalyticsDto,
  AnalyticsQuery,
  AuditLogListDto,
  AuditLogsQuery,
  BanUserBody,
  SiteNoticeDto,
  UpdateAdminSettingsBody,
  UpdateUserRoleBody,
} from '@castline/shared';
import {
  ADMIN_MESSAGES as M,
  AUTH_MESSAGES,
  holdsAllPermissionsOf,
  ROLE_PERMISSIONS,
} from '@castline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../http/access-policy.js';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../../http/errors.js';
import type { AdminRepository } from './admin.repository.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import type { ServerEvents } from '../../domain-events.js';
import { banMessage } from './ban-store.js';
import {
  presentAuditLog,
  presentRoleHolder,
  presentSession,
  presentSettings,
  presentUserDetail,
  presentUserSummary,
} from './admin-users.presenter.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function ymd(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The analytics periods: the month's days, the last N days, or the last 12 months (UTC). */
export function analyticsWindow(query: AnalyticsQuery, now: Date) {
  if (query.month) {
    const [year, month] = query.month.split('-').map(Number) as [number, number];
    const first = new Date(Date.UTC(year, month - 1, 1));
    const last = new Date(Date.UTC(year, month, 0));
    return { from: ymd(first), to: ymd(last), granularity: 'day' as const };
  }
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (query.time_range === '12m') {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    return { from: ymd(first), to: ymd(last), granularity: 'month' as const };
  }
  const days = { '7d': 7, '30d': 30, '90d': 90 }[query.time_range];
  return {
    from: ymd(new Date(today.getTime() - (days - 1) * DAY_MS)),
    to: ymd(today),
    granularity: 'day' as const,
  };
}

export function createAdminUsersService({
  repository,
  logger,
  realtime,
  events,
}: {
  repository: AdminRepository;
  logger?: FastifyBaseLogger | undefined;
  /** Tells the pages of a session staff ended that they are signed out. */
  realtime?: RealtimePublisher | undefined;
  /** Where the service says what happened (`member.banned`). */
  events: ServerEvents;
}) {
  /** Runs a staff action; rule failures pass through, anything unexpected becomes `failure`. */
  async function guarded<T>(failure: string, action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (error instanceof AppError) throw error;
      logger?.error({ err: error }, failure);
      throw new AppError('INTERNAL', failure);
    }
  }

  async function targetOf(userId: string) {
    const profile = await repository.findProfile(userId);
    if (!profile || profile.deleted_at) throw new NotFoundError(M.userNotFound);
    return profile;
  }

  /** Staff may not act on an admin holding permissions they lack. */
  async function assertNotMoreRights(actor: Actor, userId: string) {
    const role = await repository.findAdminRole(userId);
    if (role && !holdsAllPermissionsOf(actor.permissions, role.permissions)) {
      throw new ForbiddenError(M.moreRights);
    }
  }

  return {
    async listUsers(query: AdminUsersQuery): Promise<AdminUserListDto> {
      const { rows, total } = await repository.listUsers(query);
      return { users: rows.map(presentUserSummary), total, page: query.page, pageSize: query.pageSize };
    },

    async userDetail(userId: string): Promise<AdminUserDetailDto> {
      const profile = await targetOf(userId);
      const [ban, sessions] = await Promise.all([
        repository.activeBan(userId),
        repository.activeSessionCount(userId),
      ]);
      return presentUserDetail(profile, ban, sessions);
    },

    async ban(actor: Actor, userId: string, body: BanUserBody, now = new Date()): Promise<AdminMessageDto> {
      if (userId === actor.id) throw new ForbiddenError(M.cannotBanSelf);
      const banEnd = body.ban_end ? new Date(body.ban_end) : null;
      if (banEnd && banEnd.getTime() <= now.getTime()) throw new ValidationError(M.banEndInPast);
      return guarded(M.banFailed, async () => {
        const target = await targetOf(userId);
        await assertNotMoreRights(actor, userId);
        await repository.ban(
          { actorId: actor.id, userId, reason: body.reason, banEnd, notes: body.notes ?? null },
          {
            actorId: actor.id,
            action: 'user.ban',
            entityType: 'user',
            entityId: userId,
            severity: 'high',
            oldData: { status: target.status, username: target.username },
          },
        );
        // After commit: the member's open pages sign out now, not at their next request.
        await events.committed('member.banned', {
          memberId: userId,
          message: banMessage(body.reason, banEnd),
        });
        return { message: M.userBanned };
      });
    },

    async unban(actor: Actor, userId: string): Promise<AdminMessageDto> {
      return guarded(M.unbanFailed, async () => {
        const target = await targetOf(userId);
        if (target.status !== 'banned') throw new ConflictError('CONFLICT', M.notBanned);
        await repository.unban(actor.id, userId, {
          actorId: actor.id,
          action: 'user.unban',
          entityType: 'user',
          entityId: userId,
          severity: 'medium',
          oldData: {
            status: target.status,
            banned_reason: target.banned_reason,
            ban_end: target.ban_end_date?.toISOString() ?? null,
          },
          newData: { status: 'active' },
        });
        return { message: M.userUnbanned };
      });
    },

    async setRole(actor: Actor, userId: string, body: UpdateUserRoleBody): Promise<AdminMessageDto> {
      if (userId === actor.id) throw new ForbiddenError(M.cannotChangeOwnRole);
      return guarded(M.roleUpdateFailed, async () => {
        const target = await targetOf(userId);
        await assertNotMoreRights(actor, userId);
        const permissions = body.role === 'user' ? [] : ROLE_PERMISSIONS[body.role];
        await repository.setRole(
          { actorId: actor.id, userId, role: body.role, permissions },
          {
            actorId: actor.id,
            action: 'user.role',
            entityType: 'user',
            entityId: userId,
            severity: 'high',
            oldData: { role: target.role, is_admin: target.is_admin },
            newData: { role: body.role, is_admin: body.role !== 'user', permissions: [...permissions] },
          },
        );
        return { message: M.roleUpdated };
      });
    },

    async roles(): Promise<AdminRolesDto> {
      return { admins: (await repository.listAdmins()).map(presentRoleHolder) };
    },

    async sessions(query: AdminSessionsQuery): Promise<AdminSessionListDto> {
      const { rows, total } = await repository.listSessions(query.page, query.pageSize);
      return { sessions: rows.map(presentSession), total, page: query.page, pageSize: query.pageSize };
    },

    async terminateSession(actor: Actor, sessionId: string): Promise<AdminMessageDto> {
      const ended = await repository.terminateSession(sessionId, (userId) => ({
        actorId: actor.id,
        action: 'session.terminate',
        entityType: 'session',
        entityId: sessionId,
        severity: 'medium',
        oldData: { user_id: userId },
      }));
      if (!ended) throw new NotFoundError(M.sessionNotFound);
      // After commit: the session's open pages sign out now, on every instance.
      realtime?.endSessions([sessionId], AUTH_MESSAGES.sessionEndedByStaff);
      return { message: M.sessionTerminated };
    },

    async settings(): Promise<AdminSettingsDto> {
      return presentSettings(await repository.settings());
    },

    async updateSettings(actor: Actor, body: UpdateAdminSettingsBody): Promise<AdminSettingsDto> {
      const changes: UpdateAdminSettingsBody = { ...body };
      if (changes.site_notice === '') changes.site_notice = null;
      const saved = await repository.updateSettings(actor.id, changes, (before, after) => ({
        actorId: actor.id,
        action: 'settings.update',
        entityType: 'admin_settings',
        entityId: '1',
        severity: 'medium',
        oldData: {
          listings_require_approval: before.listings_require_approval,
          signups_open: before.signups_open,
          site_notice: before.site_notice,
        },
        newData: {
          listings_require_approval: after.listings_require_approval,
          signups_open: after.signups_open,
          site_notice: after.site_notice,
        },
      }));
      return presentSettings(saved);
    },

    /** Public: the banner's notice, and whether new listings wait for approval (pages say so). */
    async siteNotice(): Promise<SiteNoticeDto> {
      const settings = await repository.settings();
      const notice = settings.site_notice;
      return {
        notice: notice && notice.trim() ? notice : null,
        listings_require_approval: settings.listings_require_approval,
      };
    },

    async auditLogs(query: AuditLogsQuery): Promise<AuditLogListDto> {
      const { rows, total } = await repository.listAuditLogs(query);
      return { logs: rows.map(presentAuditLog), total, page: query.page, pageSize: query.pageSize };
    },

    async analytics(query: AnalyticsQuery, now = new Date()): Promise<AnalyticsDto> {
      const window = analyticsWindow(query, now);
      const series = await repository.analytics(window);
      const totals = { members: 0, listings: 0, sales: 0, messages: 0, posts: 0 };
      for (const point of series) {
        totals.members += point.members;
        totals.listings += point.listings;
        totals.sales += point.sales;
        totals.messages += point.messages;
        totals.posts += point.posts;
      }
      return {
        time_range: query.time_range,
        month: query.month ?? null,
        granularity: window.granularity,
        from: window.from,
        to: window.to,
        totals,
        series,
      };
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
