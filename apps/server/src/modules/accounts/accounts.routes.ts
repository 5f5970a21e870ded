import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorDto,
  CurrentUserDto,
  MessageResponseDto,
  RequestPasswordResetBody,
  ResendVerificationBody,
  ResetPasswordBody,
  SessionIdParams,
  SessionListDto,
  SessionStateDto,
  SignInBody,
  SignInResultDto,
  SignUpBody,
  SignUpResultDto,
  VerifyEmailBody,
} from '@castline/shared';
import { requestContext } from '../../http/request-context.js';
import type { AccountsService } from './accounts.service.js';

const errors = {
  400: ApiErrorDto,
  401: ApiErrorDto,
  403: ApiErrorDto,
  404: ApiErrorDto,
  409: ApiErrorDto,
  410: ApiErrorDto,
  429: ApiErrorDto,
};
const tags = ['auth'];

function forwardCookies(reply: FastifyReply, setCookies: string[]): void {
  if (setCookies.length > 0) void reply.header('set-cookie', setCookies);
  void reply.header('cache-control', 'no-store');
}

export function registerAccountsRoutes(app: FastifyInstance, accounts: AccountsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/auth/sign-up', {
    schema: {
      tags,
      summary: 'Create an account (sends a verification email)',
      body: SignUpBody,
      response: { 201: SignUpResultDto, ...errors },
    },
    handler: async (request, reply) => {
      const result = await accounts.signUp(request.body, requestContext(request));
      return reply.status(201).send(result);
    },
  });

  r.post('/api/auth/sign-in', {
    schema: {
      tags,
      summary: 'Sign in with email and password',
      body: SignInBody,
      response: { 200: SignInResultDto, ...errors },
    },
    handler: async (request, reply) => {
      const { result, setCookies } = await accounts.signIn(request.body, requestContext(request));
      forwardCookies(reply, setCookies);
      return result;
    },
  });

  r.post('/api/auth/sign-out', {
    schema: { tags, summary: 'End the current session', response: { 200: MessageResponseDto, ...errors } },
    handler: async (request, reply) => {
      const { result, setCookies } = await accounts.signOut(requestContext(request));
      forwardCookies(reply, setCookies);
      return result;
    },
  });

  r.get('/api/auth/session', {
    schema: {
      tags,
      summary: 'The current session, or nulls for a guest',
      response: { 200: SessionStateDto, ...errors },
    },
    handler: async (request, reply) => {
      const { result, setCookies } = await accounts.sessionState(requestContext(request));
      forwardCookies(reply, setCookies);
      return result;
    },
  });

  r.get('/api/auth/me', {
    config: { auth: 'required' },
    schema: { tags, summary: 'The signed-in member', response: { 200: CurrentUserDto, ...errors } },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return accounts.currentUser(accounts.requireSession(request.activeSession).userId);
    },
  });

  r.post('/api/auth/verify-email', {
    schema: {
      tags,
      summary: 'Confirm an email address with the one-time link token',
      body: VerifyEmailBody,
      response: { 200: MessageResponseDto, ...errors },
    },
    handler: async (request) => accounts.verifyEmail(request.body),
  });

  r.post('/api/auth/send-verification-email', {
    schema: {
      tags,
      summary: 'Send a new verification link',
      body: ResendVerificationBody,
      response: { 200: MessageResponseDto, ...errors },
    },
    handler: async (request) => accounts.resendVerification(request.body, requestContext(request)),
  });

  r.post('/api/auth/request-password-reset', {
    schema: {
      tags,
      summary: 'Email a one-time password reset link',
      body: RequestPasswordResetBody,
      response: { 200: MessageResponseDto, ...errors },
    },
    handler: async (request) => accounts.requestPasswordReset(request.body, requestContext(request)),
  });

  r.post('/api/auth/reset-password', {
    schema: {
      tags,
      summary: 'Choose a new password with a reset link token; ends every session',
      body: ResetPasswordBody,
      response: { 200: MessageResponseDto, ...errors },
    },
    handler: async (request, reply) => {
      const result = await accounts.resetPassword(request.body, requestContext(request));
      forwardCookies(reply, []);
      return result;
    },
  });

  r.get('/api/auth/sessions', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: "The signed-in member's active sessions",
      response: { 200: SessionListDto, ...errors },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return accounts.listSessions(accounts.requireSession(request.activeSession));
    },
  });

  r.delete('/api/auth/sessions/:sessionId', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: 'End one of your sessions',
      params: SessionIdParams,
      response: { 200: MessageResponseDto.extend({ current: z.boolean() }), ...errors },
    },
    handler: async (request) =>
      accounts.revokeSession(accounts.requireSession(request.activeSession), request.params.sessionId),
  });

  r.post('/api/auth/sessions/revoke-others', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: 'End every session but this one',
      response: { 200: MessageResponseDto.extend({ revoked: z.number().int() }), ...errors },
    },
    handler: async (request) => accounts.revokeOtherSessions(accounts.requireSession(request.activeSession)),
  });
}
