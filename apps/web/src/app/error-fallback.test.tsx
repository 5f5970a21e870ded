import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockServer } from '../test/fetch-mock';
import { guestSession } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { AppErrorBoundary, RouteErrorBoundary } from './error-fallback';

function Broken(): never {
  throw new Error('boom');
}

describe('app error boundary', () => {
  it('replaces a failed render with a way to refresh', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText('An error occurred while rendering the application. Please try refreshing the page.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });

  it('renders its children when nothing fails', () => {
    render(
      <AppErrorBoundary>
        <p>All calm on the water</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('All calm on the water')).toBeInTheDocument();
  });
});

describe('route error boundary', () => {
  it('shows the same fallback when a page fails to render', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockServer({ 'GET /api/auth/session': { body: guestSession } });
    renderApp('/', { routes: [{ path: '/', Component: Broken, ErrorBoundary: RouteErrorBoundary }] });

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });
});
