import type { MemberSummaryDto, PublicProfileDto } from '@castline/shared';
import { ProfileRole, profileRoleFromAdminRole } from '@castline/shared';
import type { MemberRow, PublicProfileRow } from './profiles.repository.js';

const roleOrMember = ProfileRole.catch('user');

/** A profile as any signed-in member sees it; the role comes from the admin_roles row when present. */
export function presentPublicProfile(row: PublicProfileRow): PublicProfileDto {
  return {
    id: row.id,
    username: row.username,
    full_name: row.full_name,
    avatar_url: row.avatar_url,
    bio: row.bio,
    title: row.title,
    location: row.location,
    role: row.admin_role ? profileRoleFromAdminRole(row.admin_role) : roleOrMember.parse(row.role),
    is_captain: row.is_captain,
    is_online: row.is_online,
    last_seen_at: row.last_seen_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    products_count: row.products_count,
    posts_count: row.posts_count,
    comments_count: row.comments_count,
    likes_count: row.likes_count,
    sales_count: row.sales_count,
    seller_rating: Number(row.seller_rating),
    active_listings_count: row.active_listings_count,
    ratings_count: row.ratings_count,
    likes_received: row.likes_count,
    blocked_by_me: row.blocked_by_me,
    deleted: row.deleted_at !== null,
  };
}

/** A member as lists show them (search results, the block list). */
export function presentMember(row: MemberRow): MemberSummaryDto {
  return { id: row.id, username: row.username, full_name: row.full_name, avatar_url: row.avatar_url };
}
