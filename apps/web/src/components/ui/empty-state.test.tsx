import { render, screen } from '@testing-library/react';
import { Inbox } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it('names what is missing as a heading, says what will appear and offers the next step', () => {
    render(
      <EmptyState
        icon={Inbox}
        title="No conversations yet"
        description="Message a seller from any listing to start a conversation."
        action={<a href="/marketplace">Browse the Marketplace</a>}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'No conversations yet' })).toBeInTheDocument();
    expect(
      screen.getByText('Message a seller from any listing to start a conversation.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the Marketplace' })).toHaveAttribute(
      'href',
      '/marketplace',
    );
  });

  it('can sit under a section heading', () => {
    render(<EmptyState icon={Inbox} title="No messages yet" headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'No messages yet' })).toBeInTheDocument();
  });
});
