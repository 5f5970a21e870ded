import type { AdminRolesDto, CurrentUserDto } from '@castline/shared';
import { ADMIN_PERMISSIONS } from '@castline/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { member, memberSession } from '../../../test/fixtures';
import { heldAnswer, renderRoute } from '../../../test/render-route';
import { AdminRolesRoute } from './admin-roles-route';

const admin: CurrentUserDto = {
  ...member,
  is_admin: true,
  role: 'admin',
  permissions: [...ADMIN_PERMISSIONS],
};

const roles: AdminRolesDto = {
  admins: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      username: 'harbour_master',
      email: 'harbour@castline.test',
      role: 'admin',
      admin_role: 'super_admin',
      permissions: [...ADMIN_PERMISSIONS],
      last_sign_in_at: new Date().toISOString(),
    },
    {
      id: '22222222-2222-4222-8222-222222222222',
      username: 'help_desk',
      email: 'help@castline.test',
      role: 'support',
      admin_role: 'support',
      permissions: ['users.read', 'sessions.manage', 'analytics.read'],
      last_sign_in_at: null,
    },
  ],
};

function renderPage(server: NonNullable<Parameters<typeof renderRoute>[1]>['server']) {
  return renderRoute(<AdminRolesRoute />, {
    path: '/admin/roles',
    session: { ...memberSession, user: admin },
    server,
  });
}

describe('admins and roles', () => {
  it('lists the staff with role, email, last sign-in and readable permissions', async () => {
    const held = heldAnswer({ body: roles });
    renderPage({ 'GET /api/admin/roles': held.route });

    expect(screen.getByRole('heading', { level: 1, name: 'Admins & roles' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading staff' })).toBeInTheDocument();
    held.release();

    const staff = await screen.findByRole('list', { name: /^Staff/ });
    const [first, second] = within(staff)
      .getAllByRole('listitem', { name: '' })
      .filter((item) => item.parentElement === staff);
    if (!first || !second) throw new Error('two staff cards expected');

    expect(within(first).getByRole('link', { name: '@harbour_master' })).toHaveAttribute(
      'href',
      '/admin/users/11111111-1111-4111-8111-111111111111',
    );
    expect(first).toHaveTextContent('harbour@castline.test');
    expect(first).toHaveTextContent('Super admin');
    expect(first).toHaveTextContent('just now');
    expect(within(first).getByRole('list', { name: 'Permissions of @harbour_master' }).children).toHaveLength(
      11,
    );

    expect(second).toHaveTextContent('Never signed in');
    const chips = within(second).getByRole('list', { name: 'Permissions of @help_desk' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['View members', 'Manage sessions', 'View analytics']);
    expect(within(chips).getByText('Manage sessions')).toHaveAttribute('title', 'sessions.manage');
  });

  it('explains what each role may do', async () => {
    renderPage({ 'GET /api/admin/roles': { body: roles } });

    const section = within(screen.getByRole('region', { name: 'Roles' }));
    expect(section.getByText('Moderator', { selector: 'dt' })).toBeInTheDocument();
    expect(
      section.getByText(/Works the moderation queue, approves listings and manages the forum/),
    ).toBeInTheDocument();
    const support = section.getByRole('list', { name: 'Permissions of the Support role' });
    expect(
      within(support)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['View members', 'Manage sessions', 'View analytics']);
    await screen.findByRole('link', { name: '@help_desk' });
  });

  it('says when there is no staff', async () => {
    renderPage({ 'GET /api/admin/roles': { body: { admins: [] } } });

    expect(await screen.findByRole('heading', { name: 'No staff members yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a member' })).toHaveAttribute('href', '/admin/users');
  });

  it('shows a failure and tries again', async () => {
    let fail = true;
    const { user } = renderPage({
      'GET /api/admin/roles': () =>
        fail ? apiError(403, 'FORBIDDEN', 'Access denied: Insufficient permissions') : { body: roles },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied: Insufficient permissions');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: '@harbour_master' })).toBeInTheDocument();
  });
});
