import { SHELL_MESSAGES } from '@castline/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockServer } from '../test/fetch-mock';
import { guestSession } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import * as navigation from '../lib/navigation';
import { clearSessionMessages, readSessionMessages } from '../lib/session-messages';
import { loadChunk, recoverFromChunkError } from './chunk-errors';
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

describe('page chunk failures', () => {
  it("shows the 'Loading Error' panel with Retry and Go to Login when a page module cannot load", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockServer({ 'GET /api/auth/session': { body: guestSession } });
    renderApp('/', {
      routes: [
        {
          path: '/',
          ErrorBoundary: RouteErrorBoundary,
          lazy: () =>
            loadChunk(() =>
              Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
            ),
        },
      ],
    });

    expect(await screen.findByRole('heading', { name: 'Loading Error' })).toBeInTheDocument();
    expect(screen.getByText(SHELL_MESSAGES.chunkLoadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to Login' })).toBeInTheDocument();
  });

  it('goes to /login when HTML came back instead of a script, else reloads once with a banner message', () => {
    const assign = vi.spyOn(navigation, 'hardRedirect').mockImplementation(() => {});
    const reload = vi.fn();

    expect(recoverFromChunkError(new SyntaxError("Unexpected token '<'"), { reload })).toBe('login');
    expect(assign).toHaveBeenCalledWith('/login');

    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/a.js');
    expect(recoverFromChunkError(failure, { reload, now: 1_000_000 })).toBe('reload');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(readSessionMessages()).toEqual([{ kind: 'chunkLoad', message: SHELL_MESSAGES.chunkLoadFailed }]);
    // A second failure right after the reload does not loop.
    expect(recoverFromChunkError(failure, { reload, now: 1_005_000 })).toBe('none');
    expect(reload).toHaveBeenCalledTimes(1);
    clearSessionMessages();
  });
});
