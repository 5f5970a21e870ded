import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route';
import { NotificationsRoute } from './notifications-route';

function renderAt(entry: string) {
  return renderRoute(<NotificationsRoute />, { path: '/notifications', initialEntry: entry });
}

describe('notifications page', () => {
  it('shows all notifications by default', async () => {
    renderAt('/notifications');

    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Notification types' });
    expect(tabs).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { name: 'No notifications' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Notifications · Castline'));
  });

  it.each([
    ['offers', 'Offers', 'No offer notifications'],
    ['messages', 'Messages', 'No message notifications'],
    ['alerts', 'Alerts', 'No product alert notifications'],
  ])('shows the %s tab from the address', async (tab, label, empty) => {
    renderAt(`/notifications?tab=${tab}`);

    expect(await screen.findByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { name: empty })).toBeInTheDocument();
  });

  it('switches tabs with the tab links', async () => {
    const { user, router } = renderAt('/notifications');

    await user.click(await screen.findByRole('link', { name: 'Alerts' }));
    expect(router.state.location.search).toBe('?tab=alerts');
    expect(screen.getByRole('heading', { name: 'No product alert notifications' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'All' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('heading', { name: 'No notifications' })).toBeInTheDocument();
  });
});
