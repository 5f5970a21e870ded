import { TAGS_PER_ITEM_MAX } from '@castline/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TagPicker } from './tag-picker';

function Picker({ initial = [] as string[], error }: { initial?: string[]; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TagPicker value={value} onChange={setValue} error={error} />
      <output data-testid="value">{value.join(',')}</output>
    </>
  );
}

describe('TagPicker', () => {
  it('groups species and techniques, each a checkbox the keyboard toggles, kept in the reference order', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    const picker = screen.getByRole('group', { name: /Tags/ });
    const species = within(picker).getByRole('group', { name: 'Species' });
    const technique = within(picker).getByRole('group', { name: 'Technique' });
    expect(within(species).getByRole('checkbox', { name: 'Trout' })).not.toBeChecked();
    expect(within(technique).getByRole('checkbox', { name: 'Fly fishing' })).toBeInTheDocument();

    await user.click(within(technique).getByRole('checkbox', { name: 'Fly fishing' }));
    // Keyboard: focus the trout box and toggle it with Space.
    within(species).getByRole('checkbox', { name: 'Trout' }).focus();
    await user.keyboard(' ');
    expect(screen.getByTestId('value')).toHaveTextContent('trout,fly');
    expect(picker).toHaveAccessibleDescription(/2 of 5 chosen/);
  });

  it(`stops at ${TAGS_PER_ITEM_MAX}: the rest are switched off until one is cleared`, async () => {
    const user = userEvent.setup();
    render(<Picker initial={['bass', 'trout', 'salmon', 'pike', 'carp']} />);
    expect(screen.getByText('5 of 5 chosen')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Walleye' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Bass' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Bass' }));
    expect(screen.getByRole('checkbox', { name: 'Walleye' })).toBeEnabled();
    expect(screen.getByTestId('value')).toHaveTextContent('trout,salmon,pike,carp');
  });

  it('shows the server’s message for the field', () => {
    render(<Picker error={`"walrus" is not one of Castline's tags.`} />);
    expect(screen.getByRole('group', { name: /Tags/ })).toHaveAccessibleDescription(/walrus/);
  });
});
