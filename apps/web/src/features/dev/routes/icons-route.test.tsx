import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../../lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_ICONS } from '../../../components/ui/icons';
import { IconsRoute } from './icons-route';

const ALL_NAMES = Object.keys(APP_ICONS);

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/dev/icons']}>
      <IconsRoute />
    </MemoryRouter>,
  );
}

function tiles() {
  return within(screen.getByRole('list', { name: 'Icons' })).getAllByRole('listitem');
}

function tileFor(name: string) {
  const tile = tiles().find((item) => within(item).queryByText(name, { selector: 'code' }));
  if (!tile) throw new Error(`No tile for ${name}`);
  return tile;
}

/** Replaces navigator.clipboard for one test (undefined: a browser without clipboard access). */
function setClipboard(value: Pick<Clipboard, 'writeText'> | undefined) {
  const previous = Object.getOwnPropertyDescriptor(window.navigator, 'clipboard');
  Object.defineProperty(window.navigator, 'clipboard', { value, configurable: true });
  restoreClipboard = () => {
    if (previous) Object.defineProperty(window.navigator, 'clipboard', previous);
    else delete (window.navigator as { clipboard?: unknown }).clipboard;
  };
}

let restoreClipboard = () => {};

afterEach(() => {
  restoreClipboard();
  restoreClipboard = () => {};
});

describe('icon playground', () => {
  it('shows every registered icon with its name and a count', () => {
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Icon Playground' })).toBeInTheDocument();
    expect(screen.getByText(`${ALL_NAMES.length} icons`)).toBeInTheDocument();
    expect(tiles()).toHaveLength(ALL_NAMES.length);
    for (const name of ['Anchor', 'Menu', 'X', 'TriangleAlert']) {
      expect(within(tileFor(name)).getByRole('button', { name: `Copy name: ${name}` })).toBeInTheDocument();
    }
    expect(document.title).toBe('Icon Playground · Castline');
  });

  it('filters the icons by name, ignoring case', async () => {
    const user = userEvent.setup();
    renderPage();

    await user.type(screen.getByRole('searchbox', { name: 'Filter icons' }), 'chevron');

    const expected = ALL_NAMES.filter((name) => name.toLowerCase().includes('chevron'));
    expect(expected.length).toBeGreaterThan(1);
    expect(tiles().map((tile) => within(tile).getByText(/./, { selector: 'code' }).textContent)).toEqual(
      [...expected].sort((a, b) => a.localeCompare(b, 'en')),
    );
    expect(screen.getByText(`${expected.length} icons of ${ALL_NAMES.length}`)).toBeInTheDocument();
  });

  it('says so when no icon matches, and clears the filter', async () => {
    const user = userEvent.setup();
    renderPage();

    await user.type(screen.getByRole('searchbox', { name: 'Filter icons' }), 'marlin');

    expect(screen.getByText('No icons match “marlin”.')).toBeInTheDocument();
    expect(screen.getByText(`0 icons of ${ALL_NAMES.length}`)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Icons' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filter' }));

    expect(screen.getByRole('searchbox', { name: 'Filter icons' })).toHaveValue('');
    expect(tiles()).toHaveLength(ALL_NAMES.length);
  });

  it('previews the icons at the chosen size', async () => {
    const user = userEvent.setup();
    const { container } = renderPage();
    const sizeGroup = screen.getByRole('group', { name: 'Size' });

    expect(within(sizeGroup).getByRole('radio', { name: '24 px' })).toBeChecked();
    expect(tileFor('Anchor').querySelector('svg')).toHaveAttribute('width', '24');

    await user.click(within(sizeGroup).getByRole('radio', { name: '32 px' }));

    expect(within(sizeGroup).getByRole('radio', { name: '32 px' })).toBeChecked();
    const previews = container.querySelectorAll('li > span > svg');
    expect(previews).toHaveLength(ALL_NAMES.length);
    for (const svg of previews) expect(svg).toHaveAttribute('width', '32');
  });

  it('copies an icon name and confirms it for a moment', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    renderPage();

    await act(async () => {
      fireEvent.click(within(tileFor('Anchor')).getByRole('button', { name: 'Copy name: Anchor' }));
    });

    expect(writeText).toHaveBeenCalledWith('Anchor');
    expect(within(tileFor('Anchor')).getByRole('button', { name: 'Copied: Anchor' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Copied Anchor');
    expect(within(tileFor('Bell')).getByRole('button', { name: 'Copy name: Bell' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(2000));

    expect(within(tileFor('Anchor')).getByRole('button', { name: 'Copy name: Anchor' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('selects the name for copying by hand when the clipboard is not available', async () => {
    setClipboard(undefined);
    renderPage();

    await act(async () => {
      fireEvent.click(within(tileFor('Fish')).getByRole('button', { name: 'Copy name: Fish' }));
    });

    expect(within(tileFor('Fish')).getByRole('button', { name: 'Name selected: Fish' })).toBeInTheDocument();
    expect(window.getSelection()?.toString()).toBe('Fish');
    expect(screen.getByRole('status')).toHaveTextContent('Fish is selected; copy it with your keyboard.');
  });
});
