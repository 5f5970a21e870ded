import type { AdminOverviewDto, CurrentUserDto } from '@castline/shared';
import { ADMIN_PERMISSIONS } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { member, memberSession } from '../../../test/fixtures';
import { heldAnswer, renderRoute } from '../../../test/render-route';
import { AdminDashboardRoute } from './admin-dashboard-route';

const admin: CurrentUserDto = {
  ...member,
  is_admin: true,
  role: 'admin',
  permissions: [...ADMIN_PERMISSIONS],
};
const support: CurrentUserDto = {
  ...member,
  is_admin: true,
  role: 'support',
  permissions: ['analytics.read'],
};

const overview: AdminOverviewDto = {
  members_total: 1250,
  members_new_7d: 31,
  members_verified: 1100,
  captains: 87,
  admins: 3,
  banned: 4,
  generated_at: new Date().toISOString(),
};

function renderAs(
  user: CurrentUserDto,
  server: NonNullable<Parameters<typeof renderRoute>[1]>['server'] = {},
) {
  return renderRoute(<AdminDashboardRoute />, {
    path: '/admin',
    session: { ...memberSession, user },
    server,
  });
}

function figure(label: string) {
  return screen.getByText(label, { selector: 'dt' }).previousElementSibling?.textContent;
}

describe('admin dashboard', () => {
  it("shows the admin's access, the membership figures and the tools", async () => {
    const held = heldAnswer({ body: overview });
    renderAs(admin, {
      'GET /api/admin/overview': held.route,
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    const access = within(screen.getByRole('region', { name: 'Your access' }));
    expect(access.getByText('Admin')).toBeInTheDocument();
    expect(access.getAllByRole('listitem').map((item) => item.textContent)).toEqual([...ADMIN_PERMISSIONS]);

    expect(screen.getByRole('status', { name: 'Loading membership figures' })).toBeInTheDocument();
    held.release();
    await screen.findByText('1,250');
    expect(figure('Members')).toBe('1,250');
    expect(figure('New this week')).toBe('31');
    expect(figure('Verified')).toBe('1,100');
    expect(figure('Captains')).toBe('87');
    expect(figure('Admins')).toBe('3');
    expect(figure('Banned')).toBe('4');
    expect(screen.getByText('just now')).toBeInTheDocument();

    const tools = within(screen.getByRole('region', { name: 'Tools' }));
    expect(tools.getByRole('link', { name: 'Image Performance' })).toHaveAttribute(
      'href',
      '/admin/image-performance',
    );
    await waitFor(() => expect(document.title).toBe('Admin Dashboard · Castline'));
  });

  it('shows why the figures could not be loaded', async () => {
    renderAs(admin, {
      'GET /api/admin/overview': apiError(403, 'FORBIDDEN', 'Access denied: Insufficient permissions'),
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied: Insufficient permissions');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('does not ask for the figures without users.read', async () => {
    const { server } = renderAs(support);

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Support')).toBeInTheDocument();
    expect(screen.getByText('analytics.read')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Membership figures need the users.read permission.',
    );
    expect(server.calls('GET', '/api/admin/overview')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Image Performance' })).toBeInTheDocument();
  });
});
