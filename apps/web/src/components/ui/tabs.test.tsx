import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../lib/router';
import { describe, expect, it } from 'vitest';
import type { TabItem } from './tabs';
import { activeTabId, Tabs, useActiveTab } from './tabs';

const TABS: readonly TabItem<'all' | 'offers' | 'alerts'>[] = [
  { id: 'all', label: 'All' },
  { id: 'offers', label: 'Offers' },
  { id: 'alerts', label: 'Alerts' },
];

function Page() {
  const active = useActiveTab(TABS);
  return (
    <>
      <Tabs tabs={TABS} label="Notification types" />
      <p>Showing {active}</p>
    </>
  );
}

function renderAt(entry: string) {
  const router = createMemoryRouter([{ path: '/notifications', element: <Page /> }], {
    initialEntries: [entry],
  });
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

describe('Tabs', () => {
  it('marks the tab named in the address as the current page', () => {
    renderAt('/notifications?tab=offers');
    const nav = screen.getByRole('navigation', { name: 'Notification types' });
    expect(within(nav).getByRole('link', { name: 'Offers' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'All' })).not.toHaveAttribute('aria-current');
    expect(screen.getByText('Showing offers')).toBeInTheDocument();
  });

  it('falls back to the first tab without or with an unknown tab', () => {
    renderAt('/notifications?tab=nonsense');
    expect(screen.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Showing all')).toBeInTheDocument();
  });

  it('links each tab to its address, keeping other query parameters', () => {
    renderAt('/notifications?tab=alerts&page=2');
    expect(screen.getByRole('link', { name: 'All' })).toHaveAttribute('href', '/notifications?page=2');
    expect(screen.getByRole('link', { name: 'Offers' })).toHaveAttribute(
      'href',
      '/notifications?tab=offers&page=2',
    );
  });

  it('switches tab when a tab link is followed', async () => {
    const { router, user } = renderAt('/notifications');
    await user.click(screen.getByRole('link', { name: 'Alerts' }));
    expect(router.state.location.search).toBe('?tab=alerts');
    expect(screen.getByRole('link', { name: 'Alerts' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Showing alerts')).toBeInTheDocument();
  });

  it('picks the active id from a query value', () => {
    expect(activeTabId(TABS, 'alerts')).toBe('alerts');
    expect(activeTabId(TABS, null)).toBe('all');
    expect(activeTabId([], 'x')).toBeUndefined();
  });
});
