import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorDto,
  AUTH_MESSAGES,
  BlockedMembersDto,
  BlockResultDto,
  MemberSearchDto,
  MemberSearchQuery,
  ProfileIdParams,
  PublicProfileDto,
  UpdateProfileBody,
} from '@castline/shared';
import { assertValidId, bodyOf, validated, viewerOf } from '../../http/route-helpers.js';
import type { ProfileEditor, ProfilesService } from './profiles.service.js';

const errors = { 400: ApiErrorDto, 401: ApiErrorDto, 404: ApiErrorDto };
const tags = ['profiles'];

/**
 * Profiles, member search and the block list. The static paths (/search, /me) are matched
 * before /api/profiles/:userId by the router, whatever the order they are registered in.
 */
export function registerProfilesRoutes(app: FastifyInstance, profiles: ProfilesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/profiles/search', {
    config: { auth: 'required' },
    attachValidation: true,
    schema: {
      tags,
      summary: 'Members whose username or full name contains q (at most 10; not the caller)',
      querystring: MemberSearchQuery,
      response: { 200: MemberSearchDto, ...errors },
    },
    handler: async (request) => {
      const { query } = validated(request);
      return profiles.search(viewerOf(request), query.q);
    },
  });

  r.get('/api/me/blocked', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: 'The members the caller has blocked',
      response: { 200: BlockedMembersDto, ...errors },
    },
    handler: async (request) => profiles.blockedMembers(viewerOf(request)),
  });

  r.post('/api/profiles/:userId/block', {
    config: { auth: 'required' },
    attachValidation: true,
    schema: {
      tags,
      summary: "Block a member, or unblock them when they are blocked (the caller's block list)",
      params: ProfileIdParams,
      response: { 200: BlockResultDto, ...errors },
    },
    handler: async (request) => {
      // A malformed :userId names no profile: 404 like an unknown one, after the session check.
      assertValidId(request, AUTH_MESSAGES.profileNotFound);
      return profiles.toggleBlock(viewerOf(request), request.params.userId.toLowerCase());
    },
  });

  r.get('/api/profiles/:userId', {
    config: { auth: 'required' },
    attachValidation: true,
    schema: {
      tags,
      summary: "A member's public profile with their stats (no email, no block list)",
      params: ProfileIdParams,
      response: { 200: PublicProfileDto, ...errors },
    },
    handler: async (request) => {
      assertValidId(request, AUTH_MESSAGES.profileNotFound);
      return profiles.publicProfile(request.params.userId.toLowerCase(), viewerOf(request));
    },
  });
}

/** PATCH /api/profiles/me: the owner's edits (registered with the settings module). */
export function registerProfileEditRoutes(app: FastifyInstance, editor: ProfileEditor): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch('/api/profiles/me', {
    config: { auth: 'required' },
    attachValidation: true,
    schema: {
      tags,
      summary: "Edit the caller's profile: full name, title, bio, location and avatar",
      body: UpdateProfileBody,
      response: { 200: PublicProfileDto, ...errors },
    },
    handler: async (request) => {
      // Checked after the session (401 first); a missing body changes nothing.
      return editor.update(viewerOf(request), bodyOf(request, UpdateProfileBody));
    },
  });
}
