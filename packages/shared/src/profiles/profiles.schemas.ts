import { z } from 'zod';
import { AUTH_MESSAGES } from '../accounts/account-messages.js';
import { ProfileRole } from '../admin/roles.js';

export const ProfileIdParams = z.object({
  userId: z.uuid({ error: AUTH_MESSAGES.profileNotFound }),
});
export type ProfileIdParams = z.infer<typeof ProfileIdParams>;

/** What any signed-in member may see of a profile (no email, no block list). */
export const PublicProfileDto = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  bio: z.string().nullable(),
  title: z.string().nullable(),
  location: z.string().nullable(),
  role: ProfileRole,
  is_captain: z.boolean(),
  is_online: z.boolean(),
  last_seen_at: z.string().nullable(),
  created_at: z.string(),
  products_count: z.number().int(),
  posts_count: z.number().int(),
  comments_count: z.number().int(),
  likes_count: z.number().int(),
  sales_count: z.number().int(),
  seller_rating: z.number(),
  /** Public, unsold listings that are not deleted. */
  active_listings_count: z.number().int(),
  /** Sold listings the buyer rated (the number behind seller_rating). */
  ratings_count: z.number().int(),
  /** Likes the member's forum posts and comments received. */
  likes_received: z.number().int(),
  /** Whether the viewer has blocked this member. */
  blocked_by_me: z.boolean(),
  /** The account was deleted: the web shows the member as "deleted member". */
  deleted: z.boolean(),
});
export type PublicProfileDto = z.infer<typeof PublicProfileDto>;

/** A captain as listed in the Captain's Club. */
export const CaptainSummaryDto = z.object({
  id: z.string(),
  username: z.string(),
  avatar_url: z.string().nullable(),
  title: z.string().nullable(),
  location: z.string().nullable(),
  created_at: z.string(),
});
export type CaptainSummaryDto = z.infer<typeof CaptainSummaryDto>;

export const CaptainsClubDto = z.object({
  captains_count: z.number().int(),
  newest_captains: z.array(CaptainSummaryDto),
});
export type CaptainsClubDto = z.infer<typeof CaptainsClubDto>;
