import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../lib/router';
import { describe, expect, it } from 'vitest';
import { PageHeader } from './page-header';

describe('PageHeader', () => {
  it('shows the one h1, the description, the actions and a back link', () => {
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <PageHeader
            title="Messages"
            description="Your conversations."
            actions={<button type="button">New message</button>}
            backLink={{ to: '/dashboard', label: 'Dashboard' }}
          />
        ),
      },
    ]);
    render(<RouterProvider router={router} />);

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(screen.getByText('Your conversations.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New message' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
