import type { PublicProfileDto } from '@castline/shared';
import { AUTH_MESSAGES } from '@castline/shared';
import { NotFoundError } from '../../http/errors.js';
import type { ProfilesRepository } from './profiles.repository.js';
import { presentPublicProfile } from './profiles.presenter.js';

export function createProfilesService({ repository }: { repository: ProfilesRepository }) {
  return {
    async publicProfile(userId: string): Promise<PublicProfileDto> {
      const row = await repository.findPublicProfile(userId);
      if (!row) throw new NotFoundError(AUTH_MESSAGES.profileNotFound);
      return presentPublicProfile(row);
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
