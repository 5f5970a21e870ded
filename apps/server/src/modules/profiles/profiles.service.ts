import type { FastifyBaseLogger } from 'fastify';
import type {
  BlockedMembersDto,
  BlockResultDto,
  MemberSearchDto,
  PublicProfileDto,
  UpdateProfileBody,
} from '@castline/shared';
import { AUTH_MESSAGES, canUseAvatar, PROFILE_LIMITS, SETTINGS_MESSAGES } from '@castline/shared';
import { ForbiddenError, NotFoundError, ValidationError } from '../../http/errors.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import type { ProfilePatch, ProfilesRepository } from './profiles.repository.js';
import { presentMember, presentPublicProfile } from './profiles.presenter.js';

function profileNotFound(): NotFoundError {
  return new NotFoundError(AUTH_MESSAGES.profileNotFound);
}

/** Reading profiles, member search and the block list (every route needs a session). */
export function createProfilesService({ repository }: { repository: ProfilesRepository }) {
  async function publicProfile(userId: string, viewerId: string | null = null): Promise<PublicProfileDto> {
    const row = await repository.findPublicProfile(userId, viewerId);
    if (!row) throw profileNotFound();
    return presentPublicProfile(row);
  }

  return {
    publicProfile,

    /** Blocks `targetId`, or unblocks them when they are already blocked. */
    async toggleBlock(viewerId: string, targetId: string): Promise<BlockResultDto> {
      if (targetId === viewerId) {
        throw new ValidationError(SETTINGS_MESSAGES.cannotBlockSelf, [
          { path: 'userId', message: SETTINGS_MESSAGES.cannotBlockSelf },
        ]);
      }
      if (!(await repository.exists(targetId))) throw profileNotFound();
      const blocked = await repository.toggleBlock(viewerId, targetId);
      if (blocked === null) throw profileNotFound();
      return { blocked };
    },

    async blockedMembers(viewerId: string): Promise<BlockedMembersDto> {
      return { items: (await repository.blockedMembers(viewerId)).map(presentMember) };
    },

    /** Username or full name, at most 10 members (spec 001: user search limit 10). */
    async search(viewerId: string, q: string): Promise<MemberSearchDto> {
      const rows = await repository.search(q, viewerId, PROFILE_LIMITS.searchResultsMax);
      return { items: rows.map(presentMember) };
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;

export interface ProfileEditorDeps {
  repository: ProfilesRepository;
  /** Places a location typed without coordinates; null when the text names no known place. */
  geocode: (text: string) => Promise<{ lat: number; lng: number } | null>;
  realtime: RealtimePublisher;
  logger: FastifyBaseLogger;
}

/** The owner's edits to their profile (PATCH /api/profiles/me). */
export function createProfileEditor({ repository, geocode, realtime, logger }: ProfileEditorDeps) {
  const reader = createProfilesService({ repository });

  /** Location text and its coordinates change together; text without them is looked up. */
  async function locationPatch(body: UpdateProfileBody): Promise<ProfilePatch> {
    if (body.location === undefined) return {};
    if (body.location === null) return { location: null, location_lat: null, location_lng: null };
    if (body.location_lat != null && body.location_lng != null) {
      return { location: body.location, location_lat: body.location_lat, location_lng: body.location_lng };
    }
    let place: { lat: number; lng: number } | null = null;
    try {
      place = await geocode(body.location);
    } catch (error) {
      logger.warn({ err: error }, 'geocoding a profile location failed');
    }
    return { location: body.location, location_lat: place?.lat ?? null, location_lng: place?.lng ?? null };
  }

  /**
   * A new avatar must be the member's own file (canUseAvatar); the one they show now may be sent
   * back unchanged (the profile form sends every field), whoever's name it has.
   */
  async function assertOwnAvatar(userId: string, avatarUrl: string | null | undefined): Promise<void> {
    if (avatarUrl == null || canUseAvatar({ id: userId }, avatarUrl)) return;
    if ((await repository.avatarUrlOf(userId)) === avatarUrl) return;
    throw new ForbiddenError(SETTINGS_MESSAGES.avatarNotYours);
  }

  return {
    async update(userId: string, body: UpdateProfileBody): Promise<PublicProfileDto> {
      await assertOwnAvatar(userId, body.avatar_url);
      const patch: ProfilePatch = {
        ...(body.full_name !== undefined ? { full_name: body.full_name } : {}),
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.bio !== undefined ? { bio: body.bio } : {}),
        ...(body.avatar_url !== undefined ? { avatar_url: body.avatar_url } : {}),
        ...(await locationPatch(body)),
      };
      if (Object.keys(patch).length > 0 && !(await repository.updateProfile(userId, patch))) {
        throw profileNotFound();
      }
      const profile = await reader.publicProfile(userId, userId);
      if (profile.deleted) throw profileNotFound();
      try {
        realtime.toEveryone({ type: 'content.changed', entity: 'profile', post_id: null, user_id: userId });
      } catch (error) {
        logger.warn({ err: error }, 'publishing a profile change failed');
      }
      return profile;
    },
  };
}

export type ProfileEditor = ReturnType<typeof createProfileEditor>;
