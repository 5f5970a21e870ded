import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { adminRoles, profiles } from '../../db/schema/index.js';

/** The columns any member may read of a profile: no email, no block list, no ban details. */
const publicColumns = {
  id: profiles.id,
  username: profiles.username,
  full_name: profiles.full_name,
  avatar_url: profiles.avatar_url,
  bio: profiles.bio,
  title: profiles.title,
  role: profiles.role,
  is_captain: profiles.is_captain,
  is_online: profiles.is_online,
  last_seen_at: profiles.last_seen_at,
  created_at: profiles.created_at,
  location: profiles.location,
  products_count: profiles.products_count,
  posts_count: profiles.posts_count,
  comments_count: profiles.comments_count,
  likes_count: profiles.likes_count,
  sales_count: profiles.sales_count,
  seller_rating: profiles.seller_rating,
  admin_role: adminRoles.role,
};

export function createProfilesRepository(db: Database) {
  return {
    async findPublicProfile(userId: string) {
      const [row] = await db
        .select(publicColumns)
        .from(profiles)
        .leftJoin(adminRoles, eq(adminRoles.user_id, profiles.id))
        .where(eq(profiles.id, userId))
        .limit(1);
      return row ?? null;
    },
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
export type PublicProfileRow = NonNullable<Awaited<ReturnType<ProfilesRepository['findPublicProfile']>>>;
