import type { MemberSummaryDto } from '@castline/shared';
import { SETTINGS_MESSAGES } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { MockAnswer } from '../../../test/fetch-mock';
import { apiError } from '../../../test/fetch-mock';
import { renderRoute } from '../../../test/render-route';
import { currentQuery, queriesSentTo } from '../../listings/api/listing-queries.fixtures';
import { MemberSearch } from './member-search';

const MEMBERS: MemberSummaryDto[] = [
  { id: 'u_2', username: 'lake_caster', full_name: 'Lena Lake', avatar_url: '/files/avatars/u_2.webp' },
  { id: 'u_3', username: 'lake_trout', full_name: null, avatar_url: null },
  { id: 'u_4', username: 'lakeside_larry', full_name: 'Larry Side', avatar_url: null },
];

/** A search page with the combobox and what was chosen. */
function Harness({ excludeIds }: { excludeIds?: string[] }) {
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <>
      <MemberSearch
        label="Find a member"
        excludeIds={excludeIds}
        onSelect={(member) => setChosen((list) => [...list, member.username])}
      />
      <button type="button">After</button>
      <output aria-label="Chosen">{chosen.join(',')}</output>
    </>
  );
}

function renderSearch(
  search: () => MockAnswer = () => {
    const q = (currentQuery().get('q') ?? '').toLowerCase();
    return { body: { items: MEMBERS.filter((one) => one.username.includes(q)) } };
  },
  excludeIds?: string[],
) {
  return renderRoute(<Harness excludeIds={excludeIds} />, {
    server: { 'GET /api/profiles/search': search },
  });
}

describe('member search', () => {
  it('searches as you type (once typing pauses) and lists matching members', async () => {
    const { user, server } = renderSearch();
    const input = await screen.findByRole('combobox', { name: 'Find a member' });
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.type(input, 'lake');
    const list = await screen.findByRole('listbox', { name: 'Find a member suggestions' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'lake_casterLena Lake',
      'lake_trout',
      'lakeside_larryLarry Side',
    ]);
    expect(options[0]?.querySelector('img')).toHaveAttribute(
      'src',
      '/files/avatars/u_2.webp?w=64&format=webp&q=85',
    );
    // Debounced: one request for the whole word, not one per letter.
    expect(queriesSentTo(server, '/api/profiles/search').map((query) => query.get('q'))).toEqual(['lake']);
    expect(await screen.findByText('3 members found')).toBeInTheDocument();
  });

  it('is operated by keyboard: arrows move, Enter chooses, Escape closes', async () => {
    const { user } = renderSearch();
    const input = await screen.findByRole('combobox', { name: 'Find a member' });

    await user.type(input, 'lake');
    const list = await screen.findByRole('listbox');
    const options = within(list).getAllByRole('option');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    // Wraps around to the first.
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[2]?.id);
    await user.keyboard('{Home}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{End}{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);

    await user.keyboard('{Enter}');
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('lake_trout');
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveFocus();

    await user.type(input, 'lake');
    await screen.findByRole('listbox');
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('lake');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');

    await user.type(input, 'lake');
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('lake_trout');
  });

  it('chooses with the mouse and leaves out excluded members', async () => {
    const { user } = renderSearch(undefined, ['u_2']);
    const input = await screen.findByRole('combobox', { name: 'Find a member' });

    await user.type(input, 'lake');
    const list = await screen.findByRole('listbox');
    expect(within(list).getAllByRole('option')).toHaveLength(2);
    expect(within(list).queryByText('lake_caster')).not.toBeInTheDocument();
    await user.click(within(list).getByText('lakeside_larry'));
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('lakeside_larry');
  });

  it('shows at most 10 members', async () => {
    const many = Array.from({ length: 12 }, (_, index) => ({
      id: `m_${index}`,
      username: `angler_${index}`,
      full_name: null,
      avatar_url: null,
    }));
    const { user } = renderSearch(() => ({ body: { items: many } }));

    await user.type(await screen.findByRole('combobox'), 'angler');
    expect(within(await screen.findByRole('listbox')).getAllByRole('option')).toHaveLength(10);
  });

  it('says when nobody matches, and when the search failed', async () => {
    let fail = false;
    const { user } = renderSearch(() =>
      fail ? apiError(503, 'SERVICE_UNAVAILABLE', 'Unavailable') : { body: { items: [] } },
    );
    const input = await screen.findByRole('combobox', { name: 'Find a member' });

    await user.type(input, 'zzz');
    expect(await screen.findAllByText(SETTINGS_MESSAGES.noMembersFound)).not.toHaveLength(0);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('');

    fail = true;
    await user.type(input, 'q');
    expect(await screen.findAllByText(SETTINGS_MESSAGES.searchFailed)).not.toHaveLength(0);
  });

  it('sends nothing for blank or too long text', async () => {
    const { user, server } = renderSearch();
    const input = await screen.findByRole('combobox', { name: 'Find a member' });

    await user.type(input, '   ');
    await user.click(input);
    await user.paste('x'.repeat(51));
    expect(await screen.findAllByText(SETTINGS_MESSAGES.searchQueryTooLong)).not.toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.calls('GET', '/api/profiles/search')).toHaveLength(0);
  });
});
