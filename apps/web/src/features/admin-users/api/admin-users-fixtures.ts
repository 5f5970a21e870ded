import type { AdminUserDetailDto, AdminUserSummaryDto, CurrentUserDto } from '@castline/shared';
import { ADMIN_PERMISSIONS } from '@castline/shared';
import { member } from '../../../test/fixtures';

/** Signed-in staff for the member administration tests. */
export const adminViewer: CurrentUserDto = {
  ...member,
  id: '7a1d7f0e-0000-4000-8000-00000000a001',
  username: 'head_warden',
  is_admin: true,
  role: 'admin',
  permissions: [...ADMIN_PERMISSIONS],
};

/** A moderator: reads members but may neither ban nor change roles. */
export const moderatorViewer: CurrentUserDto = {
  ...member,
  id: '7a1d7f0e-0000-4000-8000-00000000a002',
  username: 'reed_keeper',
  is_admin: true,
  role: 'moderator',
  permissions: ['content.moderate', 'listings.manage', 'forum.manage', 'users.read', 'audit.read'],
};

export const memberSummary: AdminUserSummaryDto = {
  id: '5f0c2a9e-1111-4a5b-9c8d-000000000001',
  username: 'trout_tamer',
  email: 'trout@castline.test',
  full_name: 'Tara Trout',
  avatar_url: null,
  role: 'user',
  status: 'active',
  is_admin: false,
  banned: false,
  ban_end_date: null,
  created_at: '2025-03-04T10:00:00.000Z',
};

export const bannedSummary: AdminUserSummaryDto = {
  ...memberSummary,
  id: '5f0c2a9e-1111-4a5b-9c8d-000000000002',
  username: 'pike_poacher',
  email: 'pike@castline.test',
  full_name: null,
  status: 'banned',
  banned: true,
  ban_end_date: '2099-06-01T12:00:00.000Z',
  created_at: '2025-02-01T10:00:00.000Z',
};

export const memberDetail: AdminUserDetailDto = {
  ...memberSummary,
  bio: 'Fly fishing on small streams.',
  location: 'Bend, OR',
  banned_reason: null,
  last_seen_at: '2025-05-01T08:30:00.000Z',
  active_ban: null,
  counts: { listings: 12, posts: 7, comments: 31, sales: 4, active_sessions: 2 },
};

export const bannedDetail: AdminUserDetailDto = {
  ...memberDetail,
  ...bannedSummary,
  banned_reason: 'Selling counterfeit reels',
  active_ban: {
    id: '9b3e1c2d-3333-4a5b-9c8d-000000000001',
    reason: 'Selling counterfeit reels',
    ban_start: '2025-05-02T09:00:00.000Z',
    ban_end: '2099-06-01T12:00:00.000Z',
    notes: 'Second warning ignored',
    banned_by: adminViewer.id,
  },
};
