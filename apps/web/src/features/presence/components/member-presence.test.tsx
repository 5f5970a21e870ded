import type { PresenceDto } from '@castline/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { guestSession, memberSession } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { PresenceDot, PresenceLabel } from '..';

const ANNA = '0a6f3f5e-aaaa-4c2a-9d1e-0000000000a1';
const online: PresenceDto = { user_id: ANNA, status: 'online', online_at: null, last_seen_at: null };

function renderPresence(session: typeof memberSession) {
  return renderRoute(
    <p data-testid="author">
      anna <PresenceLabel userId={ANNA} /> <PresenceDot userId={ANNA} />
    </p>,
    { session, server: { 'GET /api/presence': { body: { items: [online] } } } },
  );
}

describe("a member's presence, as other features draw it", () => {
  it('shows a signed-in viewer the label and the dot together once their code has loaded', async () => {
    const { server } = renderPresence(memberSession);
    expect(await screen.findByText('Online', { selector: 'span:not(.sr-only)' })).toBeInTheDocument();
    // One lazy part draws both: the dot is there as soon as the label is.
    expect(screen.getByText('Online', { selector: '.sr-only' })).toBeInTheDocument();
    expect(server.calls('GET', '/api/presence')).toHaveLength(1);
  });

  it('draws nothing for a guest and asks the server nothing', async () => {
    const { server } = renderPresence(guestSession);
    await waitFor(() => expect(server.calls('GET', '/api/auth/session').length).toBeGreaterThan(0));
    expect(screen.getByTestId('author')).toHaveTextContent(/^anna\s*$/);
    expect(server.calls('GET', '/api/presence')).toHaveLength(0);
  });
});
