import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockServer } from '../../../test/fetch-mock';
import { guestSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

/** The start page's listing rows, empty (home-listing-rows.test.tsx covers them). */
const NO_HOME_ROWS = {
  'GET /api/listings/home': { body: { featured: [], newest: [], recentlySold: [] } },
};

// A member's start page: member-home.test.tsx.
describe('home page', () => {
  it('welcomes a guest with links to sign in and to create an account', async () => {
    mockServer({ 'GET /api/auth/session': { body: guestSession }, ...NO_HOME_ROWS });
    renderApp('/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Buy, sell and talk fishing gear.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/auth/signup');
  });
});
