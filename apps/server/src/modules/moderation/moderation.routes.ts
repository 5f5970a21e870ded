import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorDto,
  CreateModerationRuleBody,
  CreateReportBody,
  MessageResponseDto,
  ModerationIdParams,
  ModerationLogListDto,
  ModerationLogsQuery,
  ModerationQueueDto,
  ModerationQueueQuery,
  ModerationRuleListDto,
  ModerationRuleSavedDto,
  PendingListingsDto,
  PendingListingsQuery,
  RejectListingBody,
  ReviewQueueItemBody,
  UpdateModerationRuleBody,
} from '@castline/shared';
import { requireActor } from '../../http/auth-hooks.js';
import { validated } from '../../http/route-helpers.js';
import type { ModerationService } from './moderation.service.js';

const errors = {
  400: ApiErrorDto,
  401: ApiErrorDto,
  403: ApiErrorDto,
  404: ApiErrorDto,
  409: ApiErrorDto,
  500: ApiErrorDto,
};
const tags = ['moderation'];
const moderate = { auth: 'admin', permissions: ['content.moderate'] } as const;
const manageRules = { auth: 'admin', permissions: ['moderation.rules'] } as const;
const manageListings = { auth: 'admin', permissions: ['listings.manage'] } as const;

// Input is checked once the guard has run (`validated`), so 401 and 403 come before 400.

export function registerModerationRoutes(app: FastifyInstance, moderation: ModerationService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/reports', {
    config: { auth: 'required', actor: true },
    attachValidation: true,
    schema: {
      tags,
      summary:
        'Report a listing, post, comment, message (one you received) or member; one open report per item',
      body: CreateReportBody,
      response: { 201: MessageResponseDto, ...errors },
    },
    handler: async (request, reply) => {
      const result = await moderation.report(requireActor(request), validated(request).body);
      return reply.code(201).send(result);
    },
  });

  r.get('/api/admin/moderation/queue', {
    config: moderate,
    attachValidation: true,
    schema: {
      tags,
      summary: 'The moderation queue (pending or all, by priority), with each item and its reporter',
      querystring: ModerationQueueQuery,
      response: { 200: ModerationQueueDto, ...errors },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return moderation.queue(validated(request).query);
    },
  });

  r.post('/api/admin/moderation/queue/:id/review', {
    config: moderate,
    attachValidation: true,
    schema: {
      tags,
      summary: 'Review a queue item: approve, or hide, delete or flag the content',
      params: ModerationIdParams,
      body: ReviewQueueItemBody,
      response: { 200: MessageResponseDto, ...errors },
    },
    handler: async (request) => {
      const { params, body } = validated(request);
      return moderation.review(requireActor(request), params.id, body);
    },
  });

  r.get('/api/admin/moderation/listings', {
    config: manageListings,
    attachValidation: true,
    schema: {
      tags,
      summary: 'Listings waiting for approval, oldest first',
      querystring: PendingListingsQuery,
      response: { 200: PendingListingsDto, ...errors },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return moderation.pendingListings(validated(request).query);
    },
  });

  r.post('/api/admin/moderation/listings/:id/approve', {
    config: manageListings,
    attachValidation: true,
    schema: {
      tags,
      summary: 'Approve a pending listing (it goes live; the seller is notified)',
      params: ModerationIdParams,
      response: { 200: MessageResponseDto, ...errors },
    },
    handler: async (request) =>
      moderation.approveListing(requireActor(request), validated(request).params.id),
  });

  r.post('/api/admin/moderation/listings/:id/reject', {
    config: manageListings,
    attachValidation: true,
    schema: {
      tags,
      summary: 'Reject a pending listing with a reason (it is hidden; the seller is notified)',
      params: ModerationIdParams,
      body: RejectListingBody,
      response: { 200: MessageResponseDto, ...errors },
    },
    handler: async (request) => {
      const { params, body } = validated(request);
      return moderation.rejectListing(requireActor(request), params.id, body);
    },
  });

  r.get('/api/admin/moderation/rules', {
    config: manageRules,
    schema: {
      tags,
      summary: 'Every moderation rule, newest first',
      response: { 200: ModerationRuleListDto, ...errors },
    },
    handler: async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return moderation.rules();
    },
  });

  r.post('/api/admin/moderation/rules', {
    config: manageRules,
    attachValidation: true,
    schema: {
      tags,
      summary: 'Create a word, phrase or pattern rule that flags, hides or queues matching content',
      body: CreateModerationRuleBody,
      response: { 201: ModerationRuleSavedDto, ...errors },
    },
    handler: async (request, reply) => {
      const result = await moderation.createRule(requireActor(request), validated(request).body);
      return reply.code(201).send(result);
    },
  });

  r.patch('/api/admin/moderation/rules/:id', {
    config: manageRules,
    attachValidation: true,
    schema: {
      tags,
      summary: 'Change a rule (or enable or disable it)',
      params: ModerationIdParams,
      body: UpdateModerationRuleBody,
      response: { 200: ModerationRuleSavedDto, ...errors },
    },
    handler: async (request) => {
      const { params, body } = validated(request);
      return moderation.updateRule(requireActor(request), params.id, body);
    },
  });

  r.delete('/api/admin/moderation/rules/:id', {
    config: manageRules,
    attachValidation: true,
    schema: {
      tags,
      summary: 'Delete a rule (its log entries stay)',
      params: ModerationIdParams,
      response: { 200: MessageResponseDto, ...errors },
    },
    handler: async (request) => moderation.deleteRule(requireActor(request), validated(request).params.id),
  });

  r.get('/api/admin/moderation/logs', {
    config: moderate,
    attachValidation: true,
    schema: {
      tags,
      summary: 'Moderation actions, automatic (with the rule) and by moderators, newest first',
      querystring: ModerationLogsQuery,
      response: { 200: ModerationLogListDto, ...errors },
    },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return moderation.logs(validated(request).query);
    },
  });
}
