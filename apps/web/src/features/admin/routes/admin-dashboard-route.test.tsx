import type { AdminOverviewDto, AnalyticsDto, CurrentUserDto } from '@castline/shared';
import { ADMIN_PERMISSION_LABELS, ADMIN_PERMISSIONS } from '@castline/shared';
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
  permissions: ['users.read', 'sessions.manage', 'analytics.read'],
};
const moderator: CurrentUserDto = {
  ...member,
  is_admin: true,
  role: 'moderator',
  permissions: ['content.moderate', 'listings.manage', 'forum.manage', 'users.read', 'audit.read'],
};

function point(period: string, members: number, extra: Partial<AnalyticsDto['series'][number]> = {}) {
  return { period, members, listings: 0, sales: 0, messages: 0, posts: 0, ...extra };
}

const analytics: AnalyticsDto = {
  time_range: '30d',
  month: null,
  granularity: 'day',
  from: '2025-03-01',
  to: '2025-03-03',
  totals: { members: 9, listings: 12, sales: 3, messages: 1540, posts: 7 },
  series: [
    point('2025-03-01', 2, { listings: 4, sales: 1, messages: 500, posts: 2 }),
    point('2025-03-02', 5, { listings: 6, sales: 2, messages: 540, posts: 5 }),
    point('2025-03-03', 2, { listings: 2, messages: 500 }),
  ],
};

/** The distinct query strings the page asked the analytics endpoint with, in order. */
function analyticsQueries(server: ReturnType<typeof renderRoute>['server']) {
  const searches = server.fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/analytics')
    .map((url) => url.search);
  return [...new Set(searches)].map((search) => Object.fromEntries(new URLSearchParams(search)));
}

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
      'GET /api/admin/analytics': { body: analytics },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    const access = within(screen.getByRole('region', { name: 'Your access' }));
    expect(access.getByText('Admin')).toBeInTheDocument();
    // What each permission lets the admin do, in words (the code stays in the tooltip).
    const permissions = access.getAllByRole('listitem');
    expect(permissions.map((item) => item.textContent)).toEqual(
      ADMIN_PERMISSIONS.map((permission) => ADMIN_PERMISSION_LABELS[permission]),
    );
    expect(permissions[0]).toHaveTextContent('View members');
    expect(access.queryByText('users.read')).not.toBeInTheDocument();

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
    expect(tools.getByRole('link', { name: 'Image performance' })).toHaveAttribute(
      'href',
      '/admin/image-performance',
    );
    expect(tools.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/admin/settings');
    expect(tools.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Admin Dashboard · Castline'));
  });

  it('shows why the figures could not be loaded', async () => {
    renderAs(admin, {
      'GET /api/admin/overview': apiError(403, 'FORBIDDEN', 'Access denied: Insufficient permissions'),
      'GET /api/admin/analytics': { body: analytics },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied: Insufficient permissions');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('does not ask for the figures without users.read', async () => {
    const { server } = renderAs(
      { ...support, permissions: ['analytics.read'] },
      { 'GET /api/admin/analytics': { body: analytics } },
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Support')).toBeInTheDocument();
    expect(screen.getByText('View analytics')).toBeInTheDocument();
    expect(screen.queryByText('analytics.read')).not.toBeInTheDocument();
    expect(screen.getByText(/Membership figures need the/)).toHaveTextContent(
      'Membership figures need the View members permission.',
    );
    expect(server.calls('GET', '/api/admin/overview')).toHaveLength(0);
    const tools = within(screen.getByRole('region', { name: 'Tools' }));
    expect(tools.getByRole('link', { name: 'Image performance' })).toBeInTheDocument();
    expect(tools.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('offers a support member only the tools of their permissions', async () => {
    renderAs(support, {
      'GET /api/admin/overview': { body: overview },
      'GET /api/admin/analytics': { body: analytics },
    });

    const tools = within(await screen.findByRole('region', { name: 'Tools' }));
    expect(tools.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Users',
      'Admins & roles',
      'Sessions',
      'Errors & events',
      'Image performance',
    ]);
  });
});

describe('admin dashboard analytics', () => {
  it('shows the totals and a chart per figure for the last 30 days by default', async () => {
    const held = heldAnswer({ body: analytics });
    const { server } = renderAs(admin, {
      'GET /api/admin/overview': { body: overview },
      'GET /api/admin/analytics': held.route,
    });

    const section = within(await screen.findByRole('region', { name: 'Analytics' }));
    expect(section.getByRole('status', { name: 'Loading analytics' })).toBeInTheDocument();
    held.release();

    expect(await section.findByText('Daily figures from Mar 1, 2025 to Mar 3, 2025.')).toBeInTheDocument();
    const totals = within(section.getByLabelText('Totals'));
    expect(totals.getByText('New members', { selector: 'dt' }).previousElementSibling).toHaveTextContent('9');
    expect(totals.getByText('Messages', { selector: 'dt' }).previousElementSibling).toHaveTextContent(
      '1,540',
    );

    const chart = section.getByRole('img', { name: /^New members:/ });
    expect(chart).toHaveAccessibleName('New members: 9 in total from Mar 1 to Mar 3, highest 5 on Mar 2.');
    const table = section.getByRole('table', { name: 'New members' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DayNew members', 'Mar 12', 'Mar 25', 'Mar 32']);
    expect(section.getAllByRole('img')).toHaveLength(5);
    expect(analyticsQueries(server)).toEqual([{ time_range: '30d' }]);
  });

  it('asks for another range or a month and keeps the choice in the address', async () => {
    const { server, user, router } = renderAs(admin, {
      'GET /api/admin/overview': { body: overview },
      'GET /api/admin/analytics': { body: analytics },
    });
    const range = await screen.findByRole('combobox', { name: 'Time range' });
    await screen.findByRole('img', { name: /^Sales:/ });

    await user.selectOptions(range, 'Last 12 months');
    await waitFor(() => expect(analyticsQueries(server).at(-1)).toEqual({ time_range: '12m' }));
    expect(router.state.location.search).toBe('?range=12m');

    const month = screen.getByRole('combobox', { name: 'Month' });
    const firstMonth = within(month).getAllByRole('option')[2] as HTMLOptionElement;
    await user.selectOptions(month, firstMonth);
    await waitFor(() =>
      expect(analyticsQueries(server).at(-1)).toEqual({ time_range: '12m', month: firstMonth.value }),
    );
    expect(firstMonth.value).toMatch(/^\d{4}-\d{2}$/);
    expect(router.state.location.search).toBe(`?range=12m&month=${firstMonth.value}`);
    expect(range).toBeDisabled();

    await user.selectOptions(month, 'Use the time range');
    await waitFor(() => expect(router.state.location.search).toBe('?range=12m'));
    expect(range).toBeEnabled();
  });

  it('reads a month from the address', async () => {
    const { server } = renderRoute(<AdminDashboardRoute />, {
      path: '/admin',
      initialEntry: '/admin?month=2024-02',
      session: { ...memberSession, user: admin },
      server: {
        'GET /api/admin/overview': { body: overview },
        'GET /api/admin/analytics': {
          body: { ...analytics, month: '2024-02', from: '2024-02-01', to: '2024-02-29' },
        },
      },
    });

    expect(await screen.findByText('Daily figures for February 2024.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveValue('2024-02');
    expect(analyticsQueries(server)).toEqual([{ time_range: '30d', month: '2024-02' }]);
  });

  it('says why analytics failed and tries again', async () => {
    let fail = true;
    const { user } = renderAs(admin, {
      'GET /api/admin/overview': { body: overview },
      'GET /api/admin/analytics': () =>
        fail
          ? apiError(500, 'INTERNAL', 'An unexpected error occurred. Please try again.')
          : { body: analytics },
    });

    const section = within(await screen.findByRole('region', { name: 'Analytics' }));
    expect(await section.findByRole('alert')).toHaveTextContent('Failed to fetch analytics data');
    fail = false;
    await user.click(section.getByRole('button', { name: 'Try again' }));
    expect(await section.findByRole('img', { name: /^Forum posts:/ })).toBeInTheDocument();
    expect(section.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('denies analytics without analytics.read and does not ask for them', async () => {
    const { server } = renderAs(moderator, { 'GET /api/admin/overview': { body: overview } });

    const section = within(await screen.findByRole('region', { name: 'Analytics' }));
    expect(section.getByRole('alert')).toHaveTextContent('Access denied: Insufficient permissions');
    expect(section.queryByRole('combobox')).not.toBeInTheDocument();
    expect(server.calls('GET', '/api/admin/analytics')).toHaveLength(0);
  });
});
