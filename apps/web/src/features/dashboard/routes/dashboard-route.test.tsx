import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { member, memberSession } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { DashboardRoute } from './dashboard-route';

function quickActions() {
  return within(screen.getByRole('region', { name: 'Quick actions' }));
}

describe('dashboard', () => {
  it('greets the member and offers the member shortcuts', async () => {
    renderRoute(<DashboardRoute />, { path: '/dashboard' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText(member.username)).toBeInTheDocument();

    const links = quickActions().getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['List My Gear', '/marketplace/new'],
      ['Marketplace', '/marketplace'],
      ['Messages', '/messages'],
      ['Notifications', '/notifications'],
      ['Community', '/forum'],
      ['Settings', '/settings'],
    ]);
    expect(quickActions().getByRole('link', { name: 'Messages' })).toHaveAccessibleDescription(
      'Talk with buyers and sellers.',
    );
    await waitFor(() => expect(document.title).toBe('Dashboard · Castline'));
  });

  it("adds the Captain's Club and the Admin Dashboard for those who may enter them", async () => {
    renderRoute(<DashboardRoute />, {
      path: '/dashboard',
      session: { ...memberSession, user: { ...member, is_captain: true, is_admin: true, role: 'admin' } },
    });

    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(quickActions().getByRole('link', { name: "Captain's Club" })).toHaveAttribute(
      'href',
      '/captains-club',
    );
    expect(quickActions().getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
  });

  it('shows the account at a glance', async () => {
    renderRoute(<DashboardRoute />, { path: '/dashboard' });

    const account = within(await screen.findByRole('region', { name: 'Your account' }));
    expect(account.getByText(member.email)).toBeInTheDocument();
    expect(account.getByText('Verified')).toBeInTheDocument();
    expect(account.getByText('January 1, 2025')).toHaveAttribute('datetime', member.created_at);
    expect(account.queryByText('Role')).not.toBeInTheDocument();
  });

  it('says when the email is not verified and names a role other than member', async () => {
    renderRoute(<DashboardRoute />, {
      path: '/dashboard',
      session: { ...memberSession, user: { ...member, emailVerified: false, role: 'moderator' } },
    });

    const account = within(await screen.findByRole('region', { name: 'Your account' }));
    expect(account.getByText('Not verified')).toBeInTheDocument();
    expect(account.getByText('Role')).toBeInTheDocument();
    expect(account.getByText('Moderator')).toBeInTheDocument();
  });

  it('invites a member without listings to list gear', async () => {
    renderRoute(<DashboardRoute />, { path: '/dashboard' });

    const listings = within(await screen.findByRole('region', { name: 'Your listings' }));
    expect(listings.getByRole('heading', { name: 'You have no listings yet' })).toBeInTheDocument();
    expect(listings.getByRole('link', { name: 'List My Gear' })).toHaveAttribute('href', '/marketplace/new');
  });
});
