import type {
  AdminForumCommentDto,
  AdminForumPostDto,
  ModerationLogDto,
  ModerationPersonDto,
  ModerationQueueItemDto,
  ModerationRuleDto,
  PendingListingDto,
  SessionStateDto,
} from '@castline/shared';
import {
  AdminForumCommentDto as AdminForumCommentSchema,
  AdminForumPostDto as AdminForumPostSchema,
  ModerationLogDto as ModerationLogSchema,
  ModerationQueueItemDto as QueueItemSchema,
  ModerationRuleDto as RuleSchema,
  PendingListingDto as PendingListingSchema,
} from '@castline/shared';
import { member } from '../../../test/fixtures';
import { buildAuthor, buildPostSummary } from '../../forum/testing/forum-fixtures';

/* Test data for the moderation pages (tests only), parsed with the shared schemas. */

let counter = 0;
const nextId = (prefix: string) => `${prefix}-${(counter += 1)}`;

/** A moderator: an admin with the moderator's permissions. */
export const moderatorSession: SessionStateDto = {
  user: {
    ...member,
    id: 'u_mod',
    username: 'mod_mia',
    full_name: 'Mia Moderator',
    role: 'moderator',
    is_admin: true,
    permissions: ['content.moderate', 'listings.manage', 'forum.manage', 'moderation.rules', 'users.read'],
  },
  session: { id: 'sess-mod', expiresAt: '2099-01-01T00:00:00.000Z' },
};

export function person(overrides: Partial<ModerationPersonDto> = {}): ModerationPersonDto {
  return { id: 'u_2', username: 'pike_hunter', full_name: 'Pia Hunter', avatar_url: null, ...overrides };
}

export function buildQueueItem(overrides: Partial<ModerationQueueItemDto> = {}): ModerationQueueItemDto {
  return QueueItemSchema.parse({
    id: nextId('q'),
    entity_type: 'product',
    entity_id: 'l_1',
    status: 'pending',
    priority: 'high',
    reason: 'scam: Asks for payment by gift card',
    notes: null,
    reporter: person({ id: 'u_3', username: 'trout_tess', full_name: null }),
    reviewed_by: null,
    reviewed_at: null,
    created_at: '2025-05-01T10:00:00.000Z',
    entity: {
      exists: true,
      title: 'Shimano Stradic 2500',
      excerpt: 'Barely used, pay by gift card only.',
      status: 'active',
      author: person(),
      href: '/marketplace/l_1',
    },
    ...overrides,
  });
}

export function page<T>(items: T[], total = items.length, pageNumber = 1) {
  return { items, total, page: pageNumber, pageSize: 10 };
}

export function buildPendingListing(overrides: Partial<PendingListingDto> = {}): PendingListingDto {
  return PendingListingSchema.parse({
    id: nextId('l'),
    title: 'Fenwick fly rod 9ft',
    description: 'A fine rod.',
    price: '180.00',
    category: 'rods',
    image: '/files/product-images/rod.webp',
    seller: person(),
    created_at: '2025-05-01T10:00:00.000Z',
    ...overrides,
  });
}

export function buildRule(overrides: Partial<ModerationRuleDto> = {}): ModerationRuleDto {
  return RuleSchema.parse({
    id: nextId('r'),
    name: 'Gift card scams',
    kind: 'phrase',
    pattern: 'gift card',
    action: 'queue',
    applies_to: ['product', 'message'],
    is_active: true,
    created_by: person({ id: 'u_mod', username: 'mod_mia', full_name: 'Mia Moderator' }),
    created_at: '2025-05-01T10:00:00.000Z',
    updated_at: '2025-05-01T10:00:00.000Z',
    ...overrides,
  });
}

export function buildLog(overrides: Partial<ModerationLogDto> = {}): ModerationLogDto {
  return ModerationLogSchema.parse({
    id: nextId('log'),
    entity_type: 'forum_post',
    entity_id: 'p_1',
    action: 'hide',
    reason: 'Spam links',
    rule: null,
    moderator: person({ id: 'u_mod', username: 'mod_mia', full_name: 'Mia Moderator' }),
    created_at: '2025-05-01T10:00:00.000Z',
    ...overrides,
  });
}

export function buildAdminPost(overrides: Partial<AdminForumPostDto> = {}): AdminForumPostDto {
  return AdminForumPostSchema.parse({ ...buildPostSummary(), moderation_reason: null, ...overrides });
}

export function buildAdminComment(overrides: Partial<AdminForumCommentDto> = {}): AdminForumCommentDto {
  return AdminForumCommentSchema.parse({
    id: nextId('c'),
    post_id: 'p_1',
    post_title: 'Best leader for clear water?',
    author: buildAuthor({ id: 'u_3', username: 'trout_tess', full_name: null }),
    content: 'Buy cheap reels at spam.example',
    status: 'published',
    likes_count: 0,
    created_at: '2025-05-01T11:00:00.000Z',
    ...overrides,
  });
}

/** The query strings a page sent to one endpoint, in order. */
export function queriesTo(fetchMock: { mock: { calls: unknown[][] } }, path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}
