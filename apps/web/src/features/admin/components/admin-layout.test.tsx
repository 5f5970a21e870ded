import type { CurrentUserDto } from '@castline/shared';
import { ADMIN_PERMISSIONS, ROLE_PERMISSIONS } from '@castline/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { member, memberSession } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { AdminLayout } from './admin-layout';

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
  permissions: [...ROLE_PERMISSIONS.support],
};

function renderAt(user: CurrentUserDto, address: string) {
  return renderRoute(<AdminLayout />, {
    path: '/admin/*',
    initialEntry: address,
    session: { ...memberSession, user },
  });
}

function sectionLinks() {
  const nav = screen.getByRole('navigation', { name: 'Admin sections' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('admin layout', () => {
  it('lists every section for an admin, grouped, and marks the current one', async () => {
    const { user } = renderAt(admin, '/admin/moderation/listings');

    await screen.findByRole('link', { name: 'Dashboard' });
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    // The groups are lists named by their labels; the frame holds no headings, so the page's own
    // h1 is the first heading on every staff page and its h2s follow it.
    expect(within(nav).queryAllByRole('heading')).toEqual([]);
    expect(
      ['Overview', 'People', 'Moderation', 'System'].map(
        (group) => within(within(nav).getByRole('list', { name: group })).getAllByRole('link').length,
      ),
    ).toEqual([1, 3, 5, 4]);
    expect(sectionLinks()).toEqual([
      ['Dashboard', '/admin'],
      ['Users', '/admin/users'],
      ['Admins & roles', '/admin/roles'],
      ['Sessions', '/admin/sessions'],
      ['Queue', '/admin/moderation'],
      ['Listing approval', '/admin/moderation/listings'],
      ['Rules', '/admin/moderation/rules'],
      ['Moderation log', '/admin/moderation/logs'],
      ['Forum', '/admin/forum'],
      ['Settings', '/admin/settings'],
      ['Audit log', '/admin/audit-logs'],
      ['Errors & events', '/admin/monitoring'],
      ['Image performance', '/admin/image-performance'],
    ]);
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Listing approval']);

    await user.click(within(nav).getByRole('link', { name: 'Queue' }));
    expect(within(nav).getByRole('link', { name: 'Queue' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Listing approval' })).not.toHaveAttribute('aria-current');
  });

  it('marks Users on a member page and Dashboard only on /admin itself', async () => {
    renderAt(admin, '/admin/users/7c9e6679-7425-40de-944b-e07fc1f90ae7');

    await screen.findByRole('link', { name: 'Dashboard' });
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('hides the sections a support member may not open', async () => {
    renderAt(support, '/admin');

    await screen.findByRole('link', { name: 'Dashboard' });
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(sectionLinks()).toEqual([
      ['Dashboard', '/admin'],
      ['Users', '/admin/users'],
      ['Admins & roles', '/admin/roles'],
      ['Sessions', '/admin/sessions'],
      ['Errors & events', '/admin/monitoring'],
      ['Image performance', '/admin/image-performance'],
    ]);
    expect(within(nav).queryByRole('list', { name: 'Moderation' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });
});
