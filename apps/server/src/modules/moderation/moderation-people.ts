import type { profiles } from '../../db/schema/index.js';

/** A member as moderation lists show them. */
export interface PersonRow {
  id: string;
  username: string;
  full_name: string | null;
  avatar_url: string | null;
}

/** The columns of a PersonRow, from `profiles` or one of its aliases. */
export function person(table: typeof profiles) {
  return {
    id: table.id,
    username: table.username,
    full_name: table.full_name,
    avatar_url: table.avatar_url,
  };
}

/** A left-joined person (drizzle answers null when the join found nobody). */
export function personOrNull(row: PersonRow | null): PersonRow | null {
  return row ?? null;
}
