import type { AuditLogDto, AuditLogListDto, CurrentUserDto } from '@castline/shared';
import { ADMIN_PERMISSIONS } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { member, memberSession } from '../../../test/fixtures';
import { heldAnswer, renderRoute } from '../../../test/render-route';
import { AuditLogsRoute } from './audit-logs-route';

const admin: CurrentUserDto = {
  ...member,
  is_admin: true,
  role: 'admin',
  permissions: [...ADMIN_PERMISSIONS],
};
const ACTOR = '11111111-1111-4111-8111-111111111111';

const ban: AuditLogDto = {
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  action: 'user.ban',
  entity_type: 'user',
  entity_id: '22222222-2222-4222-8222-222222222222',
  severity: 'high',
  old_data: { status: 'active', username: 'spammy' },
  new_data: null,
  actor_id: ACTOR,
  actor_username: 'harbour_master',
  created_at: '2025-03-02T09:30:00.000Z',
};
const settingsChange: AuditLogDto = {
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  action: 'settings.update',
  entity_type: 'admin_settings',
  entity_id: '1',
  severity: 'medium',
  old_data: null,
  new_data: null,
  actor_id: null,
  actor_username: null,
  created_at: '2025-03-01T09:30:00.000Z',
};

function listOf(logs: AuditLogDto[], total = logs.length, page = 1): AuditLogListDto {
  return { logs, total, page, pageSize: 10 };
}

const roles = {
  admins: [
    {
      id: ACTOR,
      username: 'harbour_master',
      email: 'harbour@castline.test',
      role: 'admin',
      admin_role: 'admin',
      permissions: [...ADMIN_PERMISSIONS],
      last_sign_in_at: null,
    },
  ],
};

/** The distinct query strings of GET /api/admin/audit-logs, in order. */
function logQueries(server: ReturnType<typeof renderRoute>['server']) {
  const searches = server.fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/audit-logs')
    .map((url) => url.search);
  return [...new Set(searches)];
}

function renderPage(
  server: NonNullable<Parameters<typeof renderRoute>[1]>['server'],
  initialEntry = '/admin/audit-logs',
) {
  return renderRoute(<AuditLogsRoute />, {
    path: '/admin/audit-logs',
    initialEntry,
    session: { ...memberSession, user: admin },
    server: { 'GET /api/admin/roles': { body: roles }, ...server },
  });
}

describe('audit log', () => {
  it('shows each entry with time, actor, action, entity, severity and its details', async () => {
    const held = heldAnswer({ body: listOf([ban, settingsChange]) });
    const { server, user } = renderPage({ 'GET /api/admin/audit-logs': held.route });

    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading the audit log' })).toBeInTheDocument();
    held.release();

    const list = await screen.findByRole('list', { name: 'Audit log entries' });
    const [first, second] = within(list).getAllByRole('listitem');
    if (!first || !second) throw new Error('two entries expected');
    // Each entry is headed one level under the page's h1.
    expect(within(first).getByRole('heading', { level: 2, name: 'user.ban' })).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: '@harbour_master' })).toHaveAttribute(
      'href',
      `/admin/users/${ACTOR}`,
    );
    expect(first).toHaveTextContent('Entityuser 22222222-2222-4222-8222-222222222222');
    expect(within(first).getByText('Severity:').parentElement).toHaveTextContent('Severity: High');
    expect(within(first).getByText('Severity:').parentElement).toHaveClass('bg-cta/20');
    expect(within(first).getByText(/Mar 2, 2025/)).toHaveAttribute('datetime', '2025-03-02T09:30:00.000Z');

    const details = within(first).getByText('Details');
    expect(within(first).getByText(/"username": "spammy"/)).not.toBeVisible();
    await user.click(details);
    expect(within(first).getByText(/"username": "spammy"/)).toBeVisible();
    expect(within(first).getByText('Nothing recorded')).toBeVisible();

    expect(second).toHaveTextContent('System');
    expect(within(second).getByText('Severity:').parentElement).toHaveTextContent('Severity: Medium');
    expect(within(second).getByText('Severity:').parentElement).toHaveClass('bg-brand-soft');
    expect(within(second).queryByText('Details')).not.toBeInTheDocument();
    expect(logQueries(server)).toEqual(['?page=1&pageSize=10']);
  });

  it('filters by severity, action and actor, keeping the filters in the address', async () => {
    const { server, user, router } = renderPage({
      'GET /api/admin/audit-logs': { body: listOf([ban], 25) },
    });
    await screen.findByRole('list', { name: 'Audit log entries' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'High');
    await waitFor(() => expect(logQueries(server).at(-1)).toBe('?page=1&pageSize=10&severity=high'));

    await user.type(screen.getByRole('textbox', { name: 'Action' }), 'user.ban');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(logQueries(server).at(-1)).toBe('?page=1&pageSize=10&severity=high&action=user.ban'),
    );

    await screen.findByRole('option', { name: '@harbour_master' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Actor' }), '@harbour_master');
    await waitFor(() =>
      expect(logQueries(server).at(-1)).toBe(
        `?page=1&pageSize=10&severity=high&action=user.ban&actor_id=${ACTOR}`,
      ),
    );
    expect(router.state.location.search).toBe(`?severity=high&action=user.ban&actor=${ACTOR}`);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=2'));
    await waitFor(() =>
      expect(logQueries(server).at(-1)).toBe(
        `?page=2&pageSize=10&severity=high&action=user.ban&actor_id=${ACTOR}`,
      ),
    );

    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('textbox', { name: 'Action' })).toHaveValue('');
  });

  it("narrows to one actor's entries from an entry", async () => {
    const { server, user, router } = renderPage({ 'GET /api/admin/audit-logs': { body: listOf([ban]) } });

    await user.click(await screen.findByRole('button', { name: 'Only @harbour_master' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?actor=${ACTOR}`));
    await waitFor(() => expect(logQueries(server).at(-1)).toBe(`?page=1&pageSize=10&actor_id=${ACTOR}`));
  });

  it('reads the filters from the address and ignores unreadable ones', async () => {
    const { server } = renderPage(
      { 'GET /api/admin/audit-logs': { body: listOf([ban], 30, 3) } },
      '/admin/audit-logs?severity=critical&action=user.role&actor=not-an-id&page=3',
    );

    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Severity' })).toHaveValue('critical');
    expect(screen.getByRole('textbox', { name: 'Action' })).toHaveValue('user.role');
    expect(logQueries(server)).toEqual(['?page=3&pageSize=10&severity=critical&action=user.role']);
  });

  it('says when nothing matches and clears the filters', async () => {
    const { user, router } = renderPage(
      { 'GET /api/admin/audit-logs': { body: listOf([]) } },
      '/admin/audit-logs?severity=critical',
    );

    expect(
      await screen.findByRole('heading', { name: 'No audit log entries match these filters.' }),
    ).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1) as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('heading', { name: 'The audit log is empty' })).toBeInTheDocument();
  });

  it('shows a load failure and tries again', async () => {
    let fail = true;
    const { user } = renderPage({
      'GET /api/admin/audit-logs': () =>
        fail
          ? apiError(403, 'FORBIDDEN', 'Access denied: Insufficient permissions')
          : { body: listOf([ban]) },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied: Insufficient permissions');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'user.ban' })).toBeInTheDocument();
  });

  it('does not ask for the staff list without users.read', async () => {
    const { server } = renderRoute(<AuditLogsRoute />, {
      path: '/admin/audit-logs',
      session: { ...memberSession, user: { ...admin, permissions: ['audit.read'] } },
      server: { 'GET /api/admin/audit-logs': { body: listOf([ban]) } },
    });

    await screen.findByRole('heading', { name: 'user.ban' });
    expect(within(screen.getByRole('combobox', { name: 'Actor' })).getAllByRole('option')).toHaveLength(1);
    expect(server.calls('GET', '/api/admin/roles')).toHaveLength(0);
  });
});
