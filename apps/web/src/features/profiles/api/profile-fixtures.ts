import type { MemberSummaryDto, PostListDto, PostSummaryDto, PublicProfileDto } from '@castline/shared';
import {
  PostSummaryDto as PostSummarySchema,
  PublicProfileDto as PublicProfileSchema,
} from '@castline/shared';
import { member } from '../../../test/fixtures';

/*
 * Test data for profiles: valid DTOs (parsed with the shared schemas, so a fixture can never
 * drift from the contract).
 */

/** The signed-in member's own profile (the session's member). */
export function buildProfile(overrides: Partial<PublicProfileDto> = {}): PublicProfileDto {
  return PublicProfileSchema.parse({
    id: member.id,
    username: member.username,
    full_name: member.full_name,
    avatar_url: null,
    bio: null,
    title: 'Fly-fishing guide',
    location: 'Bend, Oregon',
    role: 'user',
    is_captain: true,
    is_online: true,
    last_seen_at: null,
    created_at: member.created_at,
    products_count: 4,
    posts_count: 12,
    comments_count: 31,
    likes_count: 9,
    sales_count: 2,
    seller_rating: 4.86,
    active_listings_count: 3,
    ratings_count: 5,
    likes_received: 48,
    blocked_by_me: false,
    deleted: false,
    ...overrides,
  });
}

/** Another member, as the signed-in member sees them. */
export function buildOtherProfile(overrides: Partial<PublicProfileDto> = {}): PublicProfileDto {
  return buildProfile({
    id: 'u_2',
    username: 'lake_caster',
    full_name: null,
    avatar_url: '/files/avatars/u_2.webp',
    title: null,
    location: null,
    is_captain: false,
    products_count: 0,
    active_listings_count: 0,
    sales_count: 0,
    seller_rating: 0,
    ratings_count: 0,
    posts_count: 1,
    ...overrides,
  });
}

export function buildMember(overrides: Partial<MemberSummaryDto> = {}): MemberSummaryDto {
  return { id: 'u_3', username: 'trout_bum', full_name: 'Tess Trout', avatar_url: null, ...overrides };
}

let postCounter = 0;

/** A post as GET /api/forum/posts lists it. */
export function buildPost(overrides: Partial<PostSummaryDto> = {}): PostSummaryDto {
  postCounter += 1;
  const id = `10000000-0000-4000-8000-${String(postCounter).padStart(12, '0')}`;
  return PostSummarySchema.parse({
    id,
    title: `Steelhead report ${postCounter}`,
    excerpt: 'Fished the Deschutes at first light; two fish on swung flies.',
    category: 'Fishing Reports',
    status: 'published',
    author_id: 'u_2',
    author: {
      id: 'u_2',
      username: 'lake_caster',
      full_name: null,
      avatar_url: null,
      deleted: false,
      blocked_by_viewer: false,
    },
    images: [],
    tags: [],
    likes_count: 3,
    comments_count: 1,
    liked: false,
    created_at: '2025-03-02T08:00:00.000Z',
    updated_at: '2025-03-02T08:00:00.000Z',
    last_activity_at: '2025-03-02T08:00:00.000Z',
    pinned: false,
    locked: false,
    unread_count: null,
    is_new: false,
    ...overrides,
  });
}

export function postPage(
  items: PostSummaryDto[],
  { total = items.length, page = 1, pageSize = 20 }: Partial<Omit<PostListDto, 'items'>> = {},
): PostListDto {
  return { items, total, page, pageSize };
}
