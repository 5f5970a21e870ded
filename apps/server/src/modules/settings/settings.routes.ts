import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorDto,
  ChangeEmailBody,
  ChangePasswordBody,
  ConfirmEmailChangeBody,
  DeleteAccountBody,
  EmailChangeConfirmedDto,
  MessageResponseDto,
  NotificationPreferencesDto,
  NotificationSettingsDto,
  UpdateNotificationPreferencesBody,
  UpdateNotificationSettingsBody,
} from '@castline/shared';
import { bodyOf } from '../../http/route-helpers.js';
import { SESSION_COOKIE_PREFIX, type ActiveSession } from '../../http/session.js';
import type { SettingsService } from './settings.service.js';

const errors = {
  400: ApiErrorDto,
  401: ApiErrorDto,
  404: ApiErrorDto,
  409: ApiErrorDto,
  429: ApiErrorDto,
  503: ApiErrorDto,
};
const tags = ['settings'];

/** The caller's session (the route's `auth: 'required'` guard has run). */
function sessionOf(request: FastifyRequest): ActiveSession {
  return request.activeSession!;
}

/** The session cookie is gone with the account: the browser forgets it too. */
function clearSessionCookies(reply: FastifyReply): void {
  for (const name of [
    `${SESSION_COOKIE_PREFIX}.session_token`,
    `__Secure-${SESSION_COOKIE_PREFIX}.session_token`,
  ]) {
    void reply.clearCookie(name, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: name.startsWith('__Secure-'),
    });
  }
}

export function registerSettingsRoutes(app: FastifyInstance, settings: SettingsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/settings/password', {
    config: { auth: 'required' },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Change the password (current one required); every other session ends',
      body: ChangePasswordBody,
      response: { 200: MessageResponseDto, ...errors },
    },
    handler: async (request) =>
      settings.changePassword(sessionOf(request), bodyOf(request, ChangePasswordBody)),
  });

  r.post('/api/settings/email', {
    config: { auth: 'required' },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Ask to change the email: a confirmation link goes to the new address',
      body: ChangeEmailBody,
      response: { 200: MessageResponseDto, ...errors },
    },
    handler: async (request) =>
      settings.requestEmailChange(sessionOf(request).userId, bodyOf(request, ChangeEmailBody)),
  });

  // The token alone proves the request: the link may be opened on a device that is signed out.
  r.post('/api/settings/email/confirm', {
    attachValidation: true,
    schema: {
      tags,
      summary: 'Apply the email change a mailed link names (once)',
      body: ConfirmEmailChangeBody,
      response: { 200: EmailChangeConfirmedDto, ...errors },
    },
    handler: async (request) => settings.confirmEmailChange(bodyOf(request, ConfirmEmailChangeBody)),
  });

  r.get('/api/settings/notifications', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary:
        'Email preferences for new messages, offers and orders (the email channel of those notification preferences)',
      response: { 200: NotificationSettingsDto, ...errors },
    },
    handler: async (request) => settings.notificationSettings(sessionOf(request).userId),
  });

  r.put('/api/settings/notifications', {
    config: { auth: 'required' },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Save the email preferences',
      body: UpdateNotificationSettingsBody,
      response: { 200: NotificationSettingsDto, ...errors },
    },
    handler: async (request) =>
      settings.updateNotificationSettings(
        sessionOf(request).userId,
        bodyOf(request, UpdateNotificationSettingsBody),
      ),
  });

  r.get('/api/settings/notification-preferences', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary:
        'Notification preferences: each kind of notification in Castline and by email, and the email delivery',
      response: { 200: NotificationPreferencesDto, ...errors },
    },
    handler: async (request) => settings.notificationPreferences(sessionOf(request).userId),
  });

  r.patch('/api/settings/notification-preferences', {
    config: { auth: 'required' },
    attachValidation: true,
    schema: {
      tags,
      summary:
        'Change notification preferences (the categories and channels given) and/or the email delivery (each or a daily digest)',
      body: UpdateNotificationPreferencesBody,
      response: { 200: NotificationPreferencesDto, ...errors },
    },
    handler: async (request) =>
      settings.updateNotificationPreferences(
        sessionOf(request).userId,
        bodyOf(request, UpdateNotificationPreferencesBody),
      ),
  });

  r.delete('/api/settings/account', {
    config: { auth: 'required' },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Delete the account (password required): anonymised, listings removed, signed out everywhere',
      body: DeleteAccountBody,
      response: { 200: MessageResponseDto, ...errors },
    },
    handler: async (request, reply) => {
      const result = await settings.deleteAccount(
        sessionOf(request).userId,
        bodyOf(request, DeleteAccountBody),
      );
      clearSessionCookies(reply);
      return reply.send(result);
    },
  });
}
