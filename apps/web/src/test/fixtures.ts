import type { ActiveSessionDto, CurrentUserDto, SessionStateDto } from '@castline/shared';

export const member: CurrentUserDto = {
  id: 'u_1',
  email: 'river@castline.test',
  emailVerified: true,
  username: 'river_runner',
  full_name: 'River Runner',
  avatar_url: null,
  role: 'user',
  status: 'active',
  is_admin: false,
  is_captain: false,
  permissions: [],
  created_at: '2025-01-01T10:00:00.000Z',
};

export const guestSession: SessionStateDto = { user: null, session: null };

export const memberSession: SessionStateDto = {
  user: member,
  session: { id: 'sess-current', expiresAt: '2099-01-01T00:00:00.000Z' },
};

export const currentDevice: ActiveSessionDto = {
  id: '0b7d6c1e-1111-4a5b-9c8d-000000000001',
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: new Date().toISOString(),
  expiresAt: '2099-01-01T00:00:00.000Z',
  ipAddress: '203.0.113.7',
  userAgent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  current: true,
};

export const otherDevice: ActiveSessionDto = {
  id: '0b7d6c1e-2222-4a5b-9c8d-000000000002',
  createdAt: '2025-01-02T10:00:00.000Z',
  updatedAt: '2025-01-03T10:00:00.000Z',
  expiresAt: '2099-01-01T00:00:00.000Z',
  ipAddress: '198.51.100.23',
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  current: false,
};
