import { AVATAR_URL } from './profile-constants.js';

/** Where the avatars bucket's files are served: every avatar_url starts with it (AVATAR_URL). */
const AVATARS_PATH = '/files/avatars/';

/** The member a profile rule asks about. */
export interface ProfileActor {
  id: string;
}

/**
 * How the name of a member's avatar upload begins: their id and a dash. The server names every
 * upload to the avatars bucket `<uploader id>-<time>-<random>.webp`, so the name says whose it is.
 */
export function avatarUploadNamePrefix(userId: string): string {
  return `${userId}-`;
}

/**
 * A member may show as their avatar only a file of theirs in the avatars bucket: one they uploaded
 * (named `<their id>-…`), or the demo seed's `<their id>.svg`. Another member's upload, or a name
 * that is nobody's upload, is refused.
 */
export function canUseAvatar(actor: ProfileActor | null | undefined, avatarUrl: string): boolean {
  if (!actor || !AVATAR_URL.test(avatarUrl)) return false;
  const name = avatarUrl.slice(AVATARS_PATH.length);
  return name.startsWith(avatarUploadNamePrefix(actor.id)) || name.startsWith(`${actor.id}.`);
}
