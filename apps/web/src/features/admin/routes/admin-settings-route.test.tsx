import type { AdminSettingsDto, CurrentUserDto } from '@castline/shared';
import { ADMIN_PERMISSIONS } from '@castline/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { member, memberSession } from '../../../test/fixtures';
import { heldAnswer, renderRoute } from '../../../test/render-route';
import { AdminSettingsRoute } from './admin-settings-route';

const admin: CurrentUserDto = {
  ...member,
  is_admin: true,
  role: 'admin',
  permissions: [...ADMIN_PERMISSIONS],
};

const settings: AdminSettingsDto = {
  listings_require_approval: false,
  signups_open: true,
  site_notice: 'Maintenance on Sunday',
  updated_at: new Date().toISOString(),
};

function renderPage(server: NonNullable<Parameters<typeof renderRoute>[1]>['server']) {
  return renderRoute(<AdminSettingsRoute />, {
    path: '/admin/settings',
    session: { ...memberSession, user: admin },
    server,
  });
}

describe('admin settings', () => {
  it('shows the saved settings with what each one does', async () => {
    const held = heldAnswer({ body: settings });
    renderPage({ 'GET /api/admin/settings': held.route });

    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading settings' })).toBeInTheDocument();
    held.release();

    const approval = await screen.findByRole('switch', { name: 'Listings need approval' });
    expect(approval).not.toBeChecked();
    expect(approval).toHaveAccessibleDescription(
      'New listings stay hidden until a staff member approves them under Listing approval.',
    );
    expect(screen.getByRole('switch', { name: 'Sign-ups are open' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Site notice' })).toHaveValue('Maintenance on Sunday');
    expect(screen.getByText('21 / 300 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    expect(screen.getByText('just now')).toBeInTheDocument();
  });

  it('saves the changes and says so', async () => {
    const held = heldAnswer({
      body: {
        ...settings,
        listings_require_approval: true,
        site_notice: null,
        updated_at: new Date().toISOString(),
      },
    });
    const { server, user } = renderPage({
      'GET /api/admin/settings': { body: settings },
      'PUT /api/admin/settings': held.route,
    });

    await user.click(await screen.findByRole('switch', { name: 'Listings need approval' }));
    await user.clear(screen.getByRole('textbox', { name: 'Site notice' }));
    expect(screen.getByText('0 / 300 characters')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save settings' });
    expect(save).toBeEnabled();
    await user.click(save);

    expect(save).toBeDisabled();
    held.release();
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(server.calls('PUT', '/api/admin/settings').map((call) => call.body)).toEqual([
      { listings_require_approval: true, signups_open: true, site_notice: null },
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled());
    expect(screen.getByRole('switch', { name: 'Listings need approval' })).toBeChecked();
  });

  it('discards the changes', async () => {
    const { user } = renderPage({ 'GET /api/admin/settings': { body: settings } });

    const signups = await screen.findByRole('switch', { name: 'Sign-ups are open' });
    await user.click(signups);
    expect(signups).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(signups).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
  });

  it('keeps the notice within its limit', async () => {
    const { server, user } = renderPage({ 'GET /api/admin/settings': { body: settings } });

    const notice = await screen.findByRole('textbox', { name: 'Site notice' });
    await user.clear(notice);
    await user.click(notice);
    await user.paste('x'.repeat(301));
    expect(screen.getByText('301 / 300 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(notice).toHaveAttribute('aria-invalid', 'true');
    expect(notice).toHaveAccessibleDescription(/The notice can be at most 300 characters\./);
    expect(notice).toHaveFocus();
    expect(server.calls('PUT', '/api/admin/settings')).toHaveLength(0);
  });

  it("shows the server's field errors by the field and a failure toast", async () => {
    const { user } = renderPage({
      'GET /api/admin/settings': { body: settings },
      'PUT /api/admin/settings': apiError(400, 'VALIDATION_FAILED', 'The request is invalid.', [
        { path: 'site_notice', message: 'The notice cannot contain links' },
      ]),
    });

    const notice = await screen.findByRole('textbox', { name: 'Site notice' });
    await user.type(notice, ' http://x.test');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('The notice cannot contain links')).toBeInTheDocument();
    expect(notice).toHaveAccessibleDescription(/The notice cannot contain links/);
    expect(screen.getByText('The request is invalid.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeEnabled();
  });

  it('shows a load failure and tries again', async () => {
    let fail = true;
    const { user } = renderPage({
      'GET /api/admin/settings': () =>
        fail
          ? apiError(500, 'INTERNAL', 'An unexpected error occurred. Please try again.')
          : { body: settings },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An unexpected error occurred. Please try again.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch', { name: 'Sign-ups are open' })).toBeInTheDocument();
  });
});
