import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorDto,
  MarkNotificationsReadBody,
  NOTIFICATION_MESSAGES as M,
  NotificationDto,
  NotificationIdParams,
  NotificationListDto,
  SyncNotificationsDto,
  UnreadCountsDto,
} from '@castline/shared';
import { assertValidId, bodyOf, sendNoContent, viewerOf } from '../../http/route-helpers.js';
import type { NotificationsService } from './notifications.service.js';

const errors = { 400: ApiErrorDto, 401: ApiErrorDto, 404: ApiErrorDto, 409: ApiErrorDto };
const tags = ['notifications'];

export function registerNotificationsRoutes(app: FastifyInstance, notifications: NotificationsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/notifications', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: "The caller's latest 100 notifications, newest first, and the unread count",
      response: { 200: NotificationListDto, ...errors },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return notifications.list(viewerOf(request));
    },
  });

  r.post('/api/notifications/read-all', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: "Mark all of the caller's notifications read; answers the new unread totals",
      response: { 200: UnreadCountsDto, ...errors },
    },
    handler: async (request) => notifications.markAllRead(viewerOf(request)),
  });

  r.post('/api/notifications/read', {
    config: { auth: 'required' },
    attachValidation: true,
    schema: {
      tags,
      summary:
        "Mark several of the caller's notifications read at once (a group shown as one entry), each as POST /api/notifications/:id/read does; all or none",
      body: MarkNotificationsReadBody,
      response: { 200: UnreadCountsDto, ...errors },
    },
    handler: async (request) =>
      notifications.markManyRead(viewerOf(request), bodyOf(request, MarkNotificationsReadBody).ids),
  });

  r.post('/api/notifications/sync', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary:
        'Write the missing NEW_MESSAGE notifications (unread messages) and PRODUCT_ALERT ones (unread alert matches)',
      response: { 200: SyncNotificationsDto, ...errors },
    },
    handler: async (request) => notifications.sync(viewerOf(request)),
  });

  r.post('/api/notifications/:id/read', {
    config: { auth: 'required' },
    attachValidation: true,
    schema: {
      tags,
      summary:
        'Mark one notification read (also its message, or its alert match: 409 when that cannot be marked)',
      params: NotificationIdParams,
      response: { 200: NotificationDto, ...errors },
    },
    handler: async (request) => {
      // A malformed id names no notification: 404, after the session check.
      assertValidId(request, M.notFound);
      return notifications.markRead(viewerOf(request), request.params.id);
    },
  });

  r.delete('/api/notifications/:id', {
    config: { auth: 'required' },
    attachValidation: true,
    schema: {
      tags,
      summary: "Delete one of the caller's notifications",
      params: NotificationIdParams,
      response: { 204: z.null().describe('Deleted'), ...errors },
    },
    handler: async (request, reply) => {
      assertValidId(request, M.notFound);
      await notifications.remove(viewerOf(request), request.params.id);
      return sendNoContent(reply);
    },
  });
}
