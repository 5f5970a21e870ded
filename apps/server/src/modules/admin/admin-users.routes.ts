import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminIdParams,
  AdminMessageDto,
  AdminRolesDto,
  AdminSessionListDto,
  AdminSessionsQuery,
  AdminSettingsDto,
  AdminUserDetailDto,
  AdminUserListDto,
  AdminUsersQuery,
  AnalyticsDto,
  AnalyticsQuery,
  ApiErrorDto,
  AuditLogListDto,
  AuditLogsQuery,
  BanUserBody,
  SiteNoticeDto,
  UpdateAdminSettingsBody,
  UpdateUserRoleBody,
} from '@castline/shared';
import { requireActor } from '../../http/auth-hooks.js';
import type { AdminService } from './admin.service.js';

const errors = { 400: ApiErrorDto, 401: ApiErrorDto, 403: ApiErrorDto, 404: ApiErrorDto };
const tags = ['admin'];

/** Members, bans, roles, sessions, settings, audit log and analytics for staff. */
export function registerAdminUsersRoutes(app: FastifyInstance, admin: AdminService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/admin/')) void reply.header('cache-control', 'no-store');
  });

  r.get('/api/admin/users', {
    config: { auth: 'admin', permissions: ['users.read'] },
    schema: {
      tags,
      summary: 'Members, newest first, 10 per page',
      querystring: AdminUsersQuery,
      response: { 200: AdminUserListDto, ...errors },
    },
    handler: async (request) => admin.listUsers(request.query),
  });

  r.get('/api/admin/users/:id', {
    config: { auth: 'admin', permissions: ['users.read'] },
    schema: {
      tags,
      summary: 'A member with their active ban and counts',
      params: AdminIdParams,
      response: { 200: AdminUserDetailDto, ...errors },
    },
    handler: async (request) => admin.userDetail(request.params.id),
  });

  r.post('/api/admin/users/:id/ban', {
    config: { auth: 'admin', permissions: ['users.ban'] },
    schema: {
      tags,
      summary: 'Ban a member (signed out everywhere)',
      params: AdminIdParams,
      body: BanUserBody,
      response: { 200: AdminMessageDto, ...errors, 409: ApiErrorDto, 500: ApiErrorDto },
    },
    handler: async (request) => admin.ban(requireActor(request), request.params.id, request.body),
  });

  r.post('/api/admin/users/:id/unban', {
    config: { auth: 'admin', permissions: ['users.ban'] },
    schema: {
      tags,
      summary: 'Lift a ban',
      params: AdminIdParams,
      response: { 200: AdminMessageDto, ...errors, 409: ApiErrorDto, 500: ApiErrorDto },
    },
    handler: async (request) => admin.unban(requireActor(request), request.params.id),
  });

  r.patch('/api/admin/users/:id/role', {
    config: { auth: 'admin', permissions: ['users.roles'] },
    schema: {
      tags,
      summary: "Change a member's staff role",
      params: AdminIdParams,
      body: UpdateUserRoleBody,
      response: { 200: AdminMessageDto, ...errors, 500: ApiErrorDto },
    },
    handler: async (request) => admin.setRole(requireActor(request), request.params.id, request.body),
  });

  r.get('/api/admin/roles', {
    config: { auth: 'admin', permissions: ['users.read'] },
    schema: {
      tags,
      summary: 'Staff with their roles and permissions',
      response: { 200: AdminRolesDto, ...errors },
    },
    handler: async () => admin.roles(),
  });

  r.get('/api/admin/sessions', {
    config: { auth: 'admin', permissions: ['sessions.manage'] },
    schema: {
      tags,
      summary: 'Active sessions, latest activity first',
      querystring: AdminSessionsQuery,
      response: { 200: AdminSessionListDto, ...errors },
    },
    handler: async (request) => admin.sessions(request.query),
  });

  r.delete('/api/admin/sessions/:id', {
    config: { auth: 'admin', permissions: ['sessions.manage'] },
    schema: {
      tags,
      summary: 'Terminate a session',
      params: AdminIdParams,
      response: { 200: AdminMessageDto, ...errors },
    },
    handler: async (request) => admin.terminateSession(requireActor(request), request.params.id),
  });

  r.get('/api/admin/settings', {
    config: { auth: 'admin', permissions: ['settings.manage'] },
    schema: { tags, summary: 'The admin settings', response: { 200: AdminSettingsDto, ...errors } },
    handler: async () => admin.settings(),
  });

  r.put('/api/admin/settings', {
    config: { auth: 'admin', permissions: ['settings.manage'] },
    schema: {
      tags,
      summary: 'Change the admin settings',
      body: UpdateAdminSettingsBody,
      response: { 200: AdminSettingsDto, ...errors },
    },
    handler: async (request) => admin.updateSettings(requireActor(request), request.body),
  });

  r.get('/api/admin/audit-logs', {
    config: { auth: 'admin', permissions: ['audit.read'] },
    schema: {
      tags,
      summary: 'The audit log, newest first',
      querystring: AuditLogsQuery,
      response: { 200: AuditLogListDto, ...errors },
    },
    handler: async (request) => admin.auditLogs(request.query),
  });

  r.get('/api/admin/analytics', {
    config: { auth: 'admin', permissions: ['analytics.read'] },
    schema: {
      tags,
      summary: 'New members, listings, sales, messages and posts over time',
      querystring: AnalyticsQuery,
      response: { 200: AnalyticsDto, ...errors },
    },
    handler: async (request) => admin.analytics(request.query),
  });

  r.get('/api/site-notice', {
    schema: {
      tags: ['site'],
      summary:
        "The site notice for the banner, and whether new listings wait for a moderator's approval before the public sees them",
      response: { 200: SiteNoticeDto },
    },
    handler: async () => admin.siteNotice(),
  });
}
