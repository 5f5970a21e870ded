import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SearchForm } from './search-form';

function Harness({ onSubmit }: { onSubmit: (text: string) => void }) {
  const [text, setText] = useState('');
  return (
    <SearchForm
      name="Members"
      label="Search members"
      value={text}
      onSearch={(q) => {
        setText(q);
        onSubmit(q);
      }}
      placeholder="Username"
      maxLength={10}
      hint="Matches username or email."
    />
  );
}

describe('SearchForm', () => {
  it('is a named search landmark whose field submits on Enter and clears back into focus', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn();
    render(<Harness onSubmit={submitted} />);
    expect(screen.getByRole('search', { name: 'Members' })).toBeInTheDocument();
    const field = screen.getByRole('searchbox', { name: 'Search members' });
    expect(field).toHaveAccessibleDescription('Matches username or email.');
    expect(field).toHaveAttribute('maxlength', '10');
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();

    await user.type(field, 'bass{Enter}');
    expect(submitted).toHaveBeenCalledWith('bass');

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });
});
