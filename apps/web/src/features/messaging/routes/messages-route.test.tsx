import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { guestSession } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { MessagesRoute } from './messages-route';

describe('messages page', () => {
  it('lists no conversations yet and points to the marketplace', async () => {
    renderRoute(<MessagesRoute />, { path: '/messages' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    const list = within(screen.getByRole('region', { name: 'Conversations' }));
    expect(list.getByRole('heading', { name: 'No conversations yet' })).toBeInTheDocument();
    expect(list.getByText('Message a seller from any listing to start a conversation.')).toBeInTheDocument();
    expect(list.getByRole('link', { name: 'Browse the Marketplace' })).toHaveAttribute(
      'href',
      '/marketplace',
    );
    expect(screen.queryByText('No messages yet')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Messages · Castline'));
  });

  it('opens the conversation with the member in the address', async () => {
    renderRoute(<MessagesRoute />, { path: '/messages/:userId', initialEntry: '/messages/u_2' });

    const thread = within(await screen.findByRole('region', { name: 'Conversation' }));
    expect(thread.getByRole('heading', { name: 'No messages yet' })).toBeInTheDocument();
    expect(thread.getByText('Say hello to start the conversation.')).toBeInTheDocument();
    expect(thread.getByRole('link', { name: 'Back to conversations' })).toHaveAttribute('href', '/messages');
  });

  it('accepts the recipient from a notification link (?recipient=)', async () => {
    renderRoute(<MessagesRoute />, { path: '/messages', initialEntry: '/messages?recipient=u_3' });

    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeInTheDocument();
  });

  it('renders nothing without a signed-in member', async () => {
    const { queryClient } = renderRoute(<MessagesRoute />, { path: '/messages', session: guestSession });

    await waitFor(() => expect(queryClient.getQueryData(['auth', 'session'])).toEqual(guestSession));
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });
});
