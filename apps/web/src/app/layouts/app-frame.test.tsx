import { screen } from '@testing-library/react';
import type { RouteObject } from '../../lib/router';
import { describe, expect, it } from 'vitest';
import { mockServer } from '../../test/fetch-mock';
import { guestSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { RootLayout } from './root-layout';

const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    children: [{ index: true, element: <h1>Start page</h1> }],
  },
];

describe('page frame', () => {
  it('starts with a skip link that moves focus past the header to the main content', async () => {
    mockServer({ 'GET /api/auth/session': { body: guestSession } });
    const { user, router } = renderApp('/', { routes });
    await screen.findByRole('heading', { name: 'Start page' });

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');
    await user.keyboard('{Enter}');

    expect(screen.getByRole('main')).toHaveFocus();
    // The address stays as it was (no "#main" for the router to treat as a new page).
    expect(router.state.location.hash).toBe('');
    expect(router.state.location.pathname).toBe('/');
  });
});
