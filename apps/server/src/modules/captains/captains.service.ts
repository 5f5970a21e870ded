import type { CaptainsClubDto } from '@castline/shared';
import type { CaptainsRepository } from './captains.repository.js';
import { presentCaptainsClub } from './captains.presenter.js';

/** How many of the newest captains the club page lists. */
export const NEWEST_CAPTAINS_LIMIT = 10;

export function createCaptainsService({ repository }: { repository: CaptainsRepository }) {
  return {
    async club(): Promise<CaptainsClubDto> {
      const captainsCount = await repository.countActiveCaptains();
      const newest = await repository.newestActiveCaptains(NEWEST_CAPTAINS_LIMIT);
      return presentCaptainsClub(captainsCount, newest);
    },
  };
}

export type CaptainsService = ReturnType<typeof createCaptainsService>;
