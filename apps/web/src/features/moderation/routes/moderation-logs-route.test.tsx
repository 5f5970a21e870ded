import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { renderRoute } from '../../../test/render-route';
import { buildLog, moderatorSession, page, queriesTo } from '../testing/moderation-fixtures';
import { ModerationLogsRoute } from './moderation-logs-route';

const LOGS = '/api/admin/moderation/logs';

type Options = NonNullable<Parameters<typeof renderRoute>[1]>;

function renderLogs(options: Options = {}) {
  return renderRoute(<ModerationLogsRoute />, {
    path: '/admin/moderation/logs',
    session: moderatorSession,
    ...options,
  });
}

describe('Moderation logs', () => {
  it('shows who did what to which item', async () => {
    const byModerator = buildLog({ entity_id: 'p_1', action: 'hide', reason: 'Spam links' });
    const byRule = buildLog({
      entity_type: 'message',
      entity_id: 'm_7',
      action: 'flag',
      reason: 'Matched "gift card"',
      rule: { id: 'r_1', name: 'Gift card scams' },
      moderator: null,
    });
    const view = renderLogs({ server: { [`GET ${LOGS}`]: { body: page([byModerator, byRule], 21) } } });

    const table = await screen.findByRole('table', { name: 'Moderation log entries, newest first' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Mia Moderator (@mod_mia)' })).toBeInTheDocument();
    expect(within(first!).getByText('Forum post')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Open forum post p_1' })).toHaveAttribute(
      'href',
      '/forum/post/p_1',
    );
    expect(within(first!).getByText('Hide')).toBeInTheDocument();
    expect(within(first!).getByText('Spam links')).toBeInTheDocument();
    expect(within(second!).getByText('Gift card scams')).toBeInTheDocument();
    expect(within(second!).getByText('Message')).toBeInTheDocument();
    expect(within(second!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(second!).getByText('Flag')).toBeInTheDocument();

    const query = queriesTo(view.server.fetch, LOGS)[0]!;
    expect(query.get('page')).toBe('1');
    expect(query.get('pageSize')).toBe('10');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(view.router.state.location.search).toBe('?page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(queriesTo(view.server.fetch, LOGS).at(-1)?.get('page')).toBe('2');
  });

  it('shows the empty state', async () => {
    renderLogs({ server: { [`GET ${LOGS}`]: { body: page([]) } } });
    expect(await screen.findByRole('heading', { name: 'No moderation actions yet' })).toBeInTheDocument();
  });

  it('shows a failure with Try again', async () => {
    renderLogs({ server: { [`GET ${LOGS}`]: apiError(403, 'FORBIDDEN', 'Access Denied') } });
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
