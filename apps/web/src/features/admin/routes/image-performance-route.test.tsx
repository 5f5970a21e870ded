import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../../lib/router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImageMetric } from '../../../lib/image-metrics';
import { IMAGE_METRICS_KEY, readImageMetrics } from '../../../lib/image-metrics';
import { ImagePerformanceRoute } from './image-performance-route';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ORIGIN = window.location.origin;

function metric(name: string, overrides: Partial<ImageMetric> = {}): ImageMetric {
  return {
    url: `${ORIGIN}/files/listings/${name}?width=600&format=webp`,
    width: 600,
    format: 'webp',
    loadTime: 100,
    cached: false,
    cdnCacheStatus: 'MISS',
    timestamp: NOW - MINUTE,
    ...overrides,
  };
}

/** Three photos in the last hour, then one each 5 hours, 3 days and 9 days ago. */
const SEEDED: ImageMetric[] = [
  metric('old-9-days.jpg', { format: 'jpeg', timestamp: NOW - 9 * DAY, loadTime: 900 }),
  metric('old-3-days.png', { format: 'png', timestamp: NOW - 3 * DAY, loadTime: 500 }),
  metric('earlier-today.webp', { timestamp: NOW - 5 * HOUR, loadTime: 300, cdnCacheStatus: 'HIT' }),
  metric('reel.webp', { timestamp: NOW - 30 * MINUTE, loadTime: 200, cdnCacheStatus: 'HIT', width: 1200 }),
  metric('rod.jpg', { format: 'jpeg', timestamp: NOW - 20 * MINUTE, loadTime: 120.5 }),
  metric('tackle-box.webp', {
    timestamp: NOW - 2 * MINUTE,
    loadTime: 4,
    cached: true,
    cdnCacheStatus: 'HIT',
  }),
];

function seed(metrics: ImageMetric[]) {
  window.sessionStorage.setItem(IMAGE_METRICS_KEY, JSON.stringify(metrics));
}

function renderPage() {
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={['/admin/image-performance']}>
      <ImagePerformanceRoute />
    </MemoryRouter>,
  );
  return { ...view, user };
}

/** The value (and percent) shown under a stat card's label, as "count percent". */
function stat(label: string): string {
  const value = screen.getByText(label, { selector: 'dt' }).nextElementSibling;
  return Array.from(value?.children ?? [], (part) => part.textContent).join(' ');
}

function rangeSelect() {
  return screen.getByRole('combobox', { name: 'Time range' });
}

function tableRows() {
  const table = screen.getByRole('table');
  return within(table).getAllByRole('row').slice(1);
}

beforeEach(() => {
  window.sessionStorage.clear();
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

describe('image performance dashboard', () => {
  it('says when no metrics have been collected yet', () => {
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Image Performance' })).toBeInTheDocument();
    expect(screen.getByText('No image metrics collected yet')).toBeInTheDocument();
    expect(
      screen.getByText(/Metrics are collected as listing photos load in this browser tab/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear Data' })).toBeDisabled();
    expect(document.title).toBe('Image Performance · Castline');
  });

  it('offers the four time ranges', () => {
    renderPage();

    expect(
      within(rangeSelect())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Last Hour', 'Last 24 Hours', 'Last Week', 'All Time']);
    expect(rangeSelect()).toHaveDisplayValue('Last 24 Hours');
  });

  it('summarizes the images of the last 24 hours', () => {
    seed(SEEDED);
    renderPage();

    expect(stat('Total Images')).toBe('4');
    expect(stat('Average Load Time')).toBe('156 ms');
    expect(stat('Browser Cache')).toBe('1 25%');
    expect(stat('CDN Hits')).toBe('3 75%');

    const formats = within(screen.getByRole('region', { name: 'Format Distribution' })).getAllByRole(
      'listitem',
    );
    expect(formats.map((item) => item.textContent)).toEqual(['webp3 images · 75%', 'jpeg1 image · 25%']);
  });

  it('lists the most recent images, newest first', () => {
    seed(SEEDED);
    renderPage();

    const rows = tableRows();
    expect(rows).toHaveLength(4);
    const cells = within(rows[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 6)).toEqual([
      '/files/listings/tackle-box.webp?width=600&format=webp',
      '600 px',
      'webp',
      '4 ms',
      'Yes',
      'HIT',
    ]);
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', SEEDED[5]!.url);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toContain('120.5 ms');
    expect(rows[3]).toHaveTextContent('earlier-today.webp');
  });

  it('shows at most 10 recent images', () => {
    seed(
      Array.from({ length: 12 }, (_, index) =>
        metric(`photo-${index}.webp`, { timestamp: NOW - index * MINUTE }),
      ),
    );
    renderPage();

    expect(stat('Total Images')).toBe('12');
    const rows = tableRows();
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveTextContent('photo-0.webp');
    expect(rows[9]).toHaveTextContent('photo-9.webp');
  });

  it('filters by time range, reading storage again', async () => {
    seed(SEEDED);
    const { user } = renderPage();

    await user.selectOptions(rangeSelect(), 'Last Hour');
    expect(stat('Total Images')).toBe('3');
    expect(tableRows()).toHaveLength(3);

    await user.selectOptions(rangeSelect(), 'Last Week');
    expect(stat('Total Images')).toBe('5');

    seed([...SEEDED, metric('new-listing.webp', { timestamp: NOW })]);
    await user.selectOptions(rangeSelect(), 'All Time');
    expect(stat('Total Images')).toBe('7');
    expect(tableRows()[0]).toHaveTextContent('new-listing.webp');
  });

  it('tells when the range holds nothing but older metrics exist', async () => {
    seed([metric('last-week.webp', { timestamp: NOW - 5 * DAY })]);
    const { user } = renderPage();

    expect(screen.getByText('No images loaded in the last 24 hours')).toBeInTheDocument();
    expect(screen.getByText(/This tab holds 1 older metric/)).toBeInTheDocument();
    expect(screen.queryByText('No image metrics collected yet')).not.toBeInTheDocument();

    await user.selectOptions(rangeSelect(), 'All Time');
    expect(stat('Total Images')).toBe('1');
  });

  it('refreshes from storage', async () => {
    seed(SEEDED.slice(3));
    const { user } = renderPage();
    expect(stat('Total Images')).toBe('3');

    seed(SEEDED);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    expect(stat('Total Images')).toBe('4');
    expect(screen.getByRole('status')).toHaveTextContent('Refreshed: 6 metrics stored in this tab.');
  });

  it('clears the data', async () => {
    seed(SEEDED);
    const { user } = renderPage();

    await user.click(screen.getByRole('button', { name: 'Clear Data' }));

    expect(screen.getByText('No image metrics collected yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Image metrics cleared.');
    expect(readImageMetrics()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Clear Data' })).toBeDisabled();
  });
});
