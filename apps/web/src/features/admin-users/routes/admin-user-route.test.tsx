import type { AdminUserDetailDto, CurrentUserDto } from '@castline/shared';
import { ADMIN_MESSAGES } from '@castline/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { memberSession } from '../../../test/fixtures';
import { heldAnswer, renderRoute } from '../../../test/render-route';
import { adminViewer, bannedDetail, memberDetail, moderatorViewer } from '../api/admin-users-fixtures';
import { adminUserKeys } from '../api/admin-users-keys';
import { AdminUserRoute } from './admin-user-route';

type Server = NonNullable<Parameters<typeof renderRoute>[1]>['server'];

function renderDetail(user: AdminUserDetailDto, server: Server = {}, viewer: CurrentUserDto = adminViewer) {
  return renderRoute(<AdminUserRoute />, {
    path: '/admin/users/:id',
    initialEntry: `/admin/users/${user.id}`,
    session: { ...memberSession, user: viewer },
    server: { [`GET /api/admin/users/${user.id}`]: { body: user }, ...server },
  });
}

function detailValue(region: HTMLElement, label: string) {
  return within(region).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('admin member detail', () => {
  it("shows the member's account, activity and the staff actions", async () => {
    const held = heldAnswer({ body: memberDetail });
    renderDetail(memberDetail, { [`GET /api/admin/users/${memberDetail.id}`]: held.route });

    expect(await screen.findByRole('status', { name: 'Loading member' })).toBeInTheDocument();
    held.release();

    expect(await screen.findByRole('heading', { level: 1, name: 'trout_tamer' })).toBeInTheDocument();
    expect(screen.getByText('Tara Trout', { selector: 'div' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Public profile' })).toHaveAttribute(
      'href',
      `/profile/${memberDetail.id}`,
    );
    expect(screen.getByRole('link', { name: 'All members' })).toHaveAttribute('href', '/admin/users');

    const account = screen.getByRole('region', { name: 'Account' });
    expect(within(account).getByRole('link', { name: 'trout@castline.test' })).toHaveAttribute(
      'href',
      'mailto:trout@castline.test',
    );
    expect(detailValue(account, 'Location')).toBe('Bend, OR');
    expect(detailValue(account, 'Active sessions')).toBe('2');
    expect(detailValue(account, 'Bio')).toBe('Fly fishing on small streams.');
    expect(detailValue(account, 'Joined')).toMatch(/Mar 4, 2025/);

    const activity = screen.getByRole('region', { name: 'Activity' });
    expect(detailValue(activity, 'Listings')).toBe(undefined);
    expect(within(activity).getByText('Listings').previousElementSibling).toHaveTextContent('12');
    expect(within(activity).getByText('Comments').previousElementSibling).toHaveTextContent('31');

    expect(screen.getByRole('region', { name: 'Ban' })).toHaveTextContent('trout_tamer is not banned.');
    const actions = screen.getByRole('region', { name: 'Actions' });
    expect(within(actions).getByRole('button', { name: 'Ban member' })).toBeEnabled();
    expect(within(actions).getByRole('combobox', { name: 'Role' })).toHaveValue('user');
    expect(within(actions).getByRole('button', { name: 'Change role' })).toBeDisabled();
    await waitFor(() => expect(document.title).toBe('trout_tamer · Members · Castline'));
  });

  it('shows the active ban with its reason, end, notes and who banned them', async () => {
    renderDetail(bannedDetail);

    const ban = await screen.findByRole('region', { name: 'Ban' });
    expect(detailValue(ban, 'Reason')).toBe('Selling counterfeit reels');
    expect(detailValue(ban, 'Ends')).toMatch(/Jun 1, 2099/);
    expect(detailValue(ban, 'Started')).toMatch(/May 2, 2025/);
    expect(detailValue(ban, 'Staff notes')).toBe('Second warning ignored');
    expect(within(ban).getByRole('link', { name: 'View staff member' })).toHaveAttribute(
      'href',
      `/admin/users/${adminViewer.id}`,
    );
    expect(screen.getAllByText(/Banned until/)[0]).toHaveTextContent('Banned until Jun 1, 2099');
    const actions = screen.getByRole('region', { name: 'Actions' });
    expect(within(actions).getByRole('button', { name: 'Unban member' })).toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: 'Ban member' })).not.toBeInTheDocument();
  });

  it('keeps each definition list to its terms and values (a group of them at most one level down)', async () => {
    renderDetail(bannedDetail);

    await screen.findByRole('region', { name: 'Ban' });
    const lists = Array.from(document.querySelectorAll('dl'));
    expect(lists.length).toBeGreaterThanOrEqual(3);
    for (const list of lists) {
      for (const child of Array.from(list.children)) {
        const parts = child.tagName === 'DIV' ? Array.from(child.children) : [child];
        expect(parts.map((part) => part.tagName).every((tag) => tag === 'DT' || tag === 'DD')).toBe(true);
      }
    }
  });

  it('checks the ban form, sends the ban and refreshes the member and the lists', async () => {
    let current: AdminUserDetailDto = memberDetail;
    const view = renderDetail(memberDetail, {
      [`GET /api/admin/users/${memberDetail.id}`]: () => ({ body: current }),
      [`POST /api/admin/users/${memberDetail.id}/ban`]: () => {
        current =
          bannedDetail.id === memberDetail.id ? bannedDetail : { ...bannedDetail, id: memberDetail.id };
        return { body: { message: ADMIN_MESSAGES.userBanned } };
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'trout_tamer' });
    const loads = view.server.calls('GET', `/api/admin/users/${memberDetail.id}`).length;
    // A cached members list, to see it refreshed.
    view.queryClient.setQueryData(adminUserKeys.list({ q: '', role: '', status: '', page: 1 }), {
      users: [],
      total: 0,
      page: 1,
      pageSize: 10,
    });

    await view.user.click(screen.getByRole('button', { name: 'Ban member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban trout_tamer' });
    const banEnd = within(dialog).getByLabelText('Ban ends');
    expect(within(dialog).getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');

    // Nothing is sent without a reason, or with an end in the past.
    fireEvent.change(banEnd, { target: { value: '2020-01-01T10:00' } });
    await view.user.click(within(dialog).getByRole('button', { name: 'Ban member' }));
    expect(within(dialog).getByText('A reason is required')).toBeInTheDocument();
    expect(within(dialog).getByText(ADMIN_MESSAGES.banEndInPast)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    expect(view.server.calls('POST', `/api/admin/users/${memberDetail.id}/ban`)).toHaveLength(0);

    await view.user.type(within(dialog).getByLabelText('Reason'), '  Selling counterfeit reels ');
    await view.user.click(within(dialog).getByRole('button', { name: '30 days' }));
    expect(within(dialog).queryByText(ADMIN_MESSAGES.banEndInPast)).not.toBeInTheDocument();
    await view.user.type(within(dialog).getByLabelText('Notes for staff (optional)'), 'Second warning');
    const before = Date.now();
    await view.user.click(within(dialog).getByRole('button', { name: 'Ban member' }));

    expect(await screen.findByText(ADMIN_MESSAGES.userBanned)).toBeInTheDocument();
    const [sent] = view.server.calls('POST', `/api/admin/users/${memberDetail.id}/ban`);
    const body = sent?.body as { reason: string; ban_end: string; notes: string };
    expect(body.reason).toBe('Selling counterfeit reels');
    expect(body.notes).toBe('Second warning');
    const days = (new Date(body.ban_end).getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The member and the lists are fetched again (after the spec's short delay).
    expect(await screen.findByRole('button', { name: 'Unban member' })).toBeInTheDocument();
    expect(view.server.calls('GET', `/api/admin/users/${memberDetail.id}`)).toHaveLength(loads + 1);
    expect(
      view.queryClient.getQueryState(adminUserKeys.list({ q: '', role: '', status: '', page: 1 }))
        ?.isInvalidated,
    ).toBe(true);
  });

  it('bans for good with no end date', async () => {
    const view = renderDetail(memberDetail, {
      [`POST /api/admin/users/${memberDetail.id}/ban`]: { body: { message: ADMIN_MESSAGES.userBanned } },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Ban member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban trout_tamer' });
    await view.user.type(within(dialog).getByLabelText('Reason'), 'Spam');
    await view.user.click(within(dialog).getByRole('button', { name: 'Permanent' }));
    expect(within(dialog).getByLabelText('Ban ends')).toHaveValue('');
    await view.user.click(within(dialog).getByRole('button', { name: 'Ban member' }));

    expect(await screen.findByText(ADMIN_MESSAGES.userBanned)).toBeInTheDocument();
    expect(view.server.calls('POST', `/api/admin/users/${memberDetail.id}/ban`)[0]?.body).toEqual({
      reason: 'Spam',
    });
  });

  it("shows the server's field errors and refusals when a ban fails", async () => {
    let answer = apiError(400, 'VALIDATION_FAILED', 'Too long', [{ path: 'notes', message: 'Too long' }]);
    const view = renderDetail(memberDetail, {
      [`POST /api/admin/users/${memberDetail.id}/ban`]: () => answer,
    });
    await view.user.click(await screen.findByRole('button', { name: 'Ban member' }));
    const loads = view.server.calls('GET', `/api/admin/users/${memberDetail.id}`).length;
    const dialog = await screen.findByRole('dialog', { name: 'Ban trout_tamer' });
    await view.user.type(within(dialog).getByLabelText('Reason'), 'Spam');
    await view.user.click(within(dialog).getByRole('button', { name: 'Ban member' }));

    expect(await screen.findByText(ADMIN_MESSAGES.banFailed)).toBeInTheDocument();
    expect(within(dialog).getByText('Too long')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Notes for staff (optional)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    answer = apiError(403, 'FORBIDDEN', ADMIN_MESSAGES.moreRights);
    await view.user.click(within(dialog).getByRole('button', { name: 'Ban member' }));
    expect(
      await screen.findByText(`${ADMIN_MESSAGES.banFailed}: ${ADMIN_MESSAGES.moreRights}`),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // A refused ban changes nothing: the member is not fetched again.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(view.server.calls('GET', `/api/admin/users/${memberDetail.id}`)).toHaveLength(loads);
  });

  it('unbans after a confirmation', async () => {
    let current: AdminUserDetailDto = bannedDetail;
    const view = renderDetail(bannedDetail, {
      [`GET /api/admin/users/${bannedDetail.id}`]: () => ({ body: current }),
      [`POST /api/admin/users/${bannedDetail.id}/unban`]: () => {
        current = { ...bannedDetail, status: 'active', banned: false, ban_end_date: null, active_ban: null };
        return { body: { message: ADMIN_MESSAGES.userUnbanned } };
      },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Unban member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unban pike_poacher?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Unban member' }));

    expect(await screen.findByText(ADMIN_MESSAGES.userUnbanned)).toBeInTheDocument();
    expect(view.server.calls('POST', `/api/admin/users/${bannedDetail.id}/unban`)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Ban member' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Ban' })).toHaveTextContent('pike_poacher is not banned.');
  });

  it('says why an unban failed', async () => {
    const view = renderDetail(bannedDetail, {
      [`POST /api/admin/users/${bannedDetail.id}/unban`]: apiError(409, 'CONFLICT', ADMIN_MESSAGES.notBanned),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Unban member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unban pike_poacher?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Unban member' }));
    expect(
      await screen.findByText(`${ADMIN_MESSAGES.unbanFailed}: ${ADMIN_MESSAGES.notBanned}`),
    ).toBeInTheDocument();
  });

  it('changes the role after showing what the new role may do', async () => {
    let current: AdminUserDetailDto = memberDetail;
    const view = renderDetail(memberDetail, {
      [`GET /api/admin/users/${memberDetail.id}`]: () => ({ body: current }),
      [`PATCH /api/admin/users/${memberDetail.id}/role`]: () => {
        current = { ...memberDetail, role: 'moderator', is_admin: true };
        return { body: { message: ADMIN_MESSAGES.roleUpdated } };
      },
    });
    const select = await screen.findByRole('combobox', { name: 'Role' });
    await view.user.selectOptions(select, 'Moderator');
    await view.user.click(screen.getByRole('button', { name: 'Change role' }));

    const dialog = await screen.findByRole('dialog', { name: 'Make trout_tamer a Moderator?' });
    const abilities = within(dialog).getByRole('list', { name: 'A Moderator may:' });
    expect(
      within(abilities)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Review the moderation queue and moderate content',
      'Approve and manage listings',
      'Edit forum posts and delete comments',
      'View members and their details',
      'Read the audit log',
    ]);
    expect(view.server.calls('PATCH', `/api/admin/users/${memberDetail.id}/role`)).toHaveLength(0);
    await view.user.click(within(dialog).getByRole('button', { name: 'Make Moderator' }));

    expect(await screen.findByText(ADMIN_MESSAGES.roleUpdated)).toBeInTheDocument();
    expect(view.server.calls('PATCH', `/api/admin/users/${memberDetail.id}/role`)[0]?.body).toEqual({
      role: 'moderator',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await screen.findByText('Currently Moderator. You are asked to confirm before anything changes.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('moderator');
  });

  it('says when the role could not be changed and keeps the old one', async () => {
    const view = renderDetail(memberDetail, {
      [`PATCH /api/admin/users/${memberDetail.id}/role`]: apiError(
        500,
        'INTERNAL',
        ADMIN_MESSAGES.roleUpdateFailed,
      ),
    });
    await view.user.selectOptions(await screen.findByRole('combobox', { name: 'Role' }), 'Admin');
    await view.user.click(screen.getByRole('button', { name: 'Change role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make trout_tamer an Admin?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Make Admin' }));

    expect(await screen.findByText(ADMIN_MESSAGES.roleUpdateFailed)).toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('user');
  });

  it('hides ban and role changes from a moderator', async () => {
    renderDetail(memberDetail, {}, moderatorViewer);
    const actions = await screen.findByRole('region', { name: 'Actions' });
    expect(within(actions).queryByRole('button', { name: 'Ban member' })).not.toBeInTheDocument();
    expect(within(actions).queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
    expect(actions).toHaveTextContent('Your role can view members.');
  });

  it('offers no ban or role change on your own account', async () => {
    const self = { ...memberDetail, id: adminViewer.id, username: adminViewer.username };
    renderDetail(self);
    const actions = await screen.findByRole('region', { name: 'Actions' });
    expect(within(actions).queryByRole('button', { name: 'Ban member' })).not.toBeInTheDocument();
    expect(within(actions).queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
    expect(actions).toHaveTextContent('you cannot ban yourself or change your own role');
  });

  it('says when the member does not exist', async () => {
    renderDetail(memberDetail, {
      [`GET /api/admin/users/${memberDetail.id}`]: apiError(404, 'NOT_FOUND', ADMIN_MESSAGES.userNotFound),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Member not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to members' })).toHaveAttribute('href', '/admin/users');
  });

  it('offers to try again when the member could not be loaded', async () => {
    let fail = true;
    const view = renderDetail(memberDetail, {
      [`GET /api/admin/users/${memberDetail.id}`]: () =>
        fail ? apiError(500, 'INTERNAL', 'Something went wrong on our side') : { body: memberDetail },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong on our side');
    fail = false;
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'trout_tamer' })).toBeInTheDocument();
  });
});
