import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '../../../lib/router';
import { describe, expect, it } from 'vitest';
import { EarlyAccessRoute } from './early-access-route';

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/early-access-info']}>
      <EarlyAccessRoute />
    </MemoryRouter>,
  );
}

describe('early access page', () => {
  it('has one main heading and a section for each topic', () => {
    renderPage();

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Early Access' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'What early access means',
      'What works today',
      'What may change',
      'Tell us what you think',
      'Buying and selling gear safely',
    ]);
    expect(screen.getByText(/open and free while we build/)).toBeInTheDocument();
    expect(document.title).toBe('Early Access · Castline');
  });

  it('lists what works today', () => {
    renderPage();

    const section = screen.getByRole('region', { name: 'What works today' });
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'Accounts',
      'Listings with photos and location',
      'Search and distance filters',
      'Favourites',
      'Real-time messages and offers',
      'Notifications and saved-search alerts',
      'Community forum',
      'Profiles with seller stats',
      'Captain’s Club',
    ]);
  });

  it('warns that things may change and that demo data is sample data', () => {
    renderPage();

    const section = screen.getByRole('region', { name: 'What may change' });
    expect(within(section).getByText('Demo data')).toBeInTheDocument();
    expect(section).toHaveTextContent('are sample data');
    expect(section).toHaveTextContent('may be reset before launch');
  });

  it('gives safety tips for meeting up to buy or sell gear', () => {
    renderPage();

    const section = screen.getByRole('region', { name: 'Buying and selling gear safely' });
    expect(within(section).getByRole('heading', { name: 'Meet in public' })).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'Inspect the rod and reel' })).toBeInTheDocument();
    expect(section).toHaveTextContent('Never pay outside the meetup');
  });

  it('links to the marketplace, the community and the forum for feedback', () => {
    renderPage();

    expect(screen.getByRole('link', { name: 'Browse the Marketplace' })).toHaveAttribute(
      'href',
      '/marketplace',
    );
    expect(screen.getByRole('link', { name: 'Join the Community' })).toHaveAttribute('href', '/forum');
    const feedback = screen.getByRole('region', { name: 'Tell us what you think' });
    expect(
      within(feedback).getByRole('link', { name: 'Share feedback in the Community forum' }),
    ).toHaveAttribute('href', '/forum');
  });
});
