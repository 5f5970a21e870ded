import type { CaptainSummaryDto, CaptainsClubDto } from '@castline/shared';
import type { CaptainRow } from './captains.repository.js';

export function presentCaptain(row: CaptainRow): CaptainSummaryDto {
  return {
    id: row.id,
    username: row.username,
    avatar_url: row.avatar_url,
    title: row.title,
    location: row.location,
    created_at: row.created_at.toISOString(),
  };
}

export function presentCaptainsClub(captainsCount: number, newest: CaptainRow[]): CaptainsClubDto {
  return { captains_count: captainsCount, newest_captains: newest.map(presentCaptain) };
}
