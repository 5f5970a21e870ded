import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentTitle } from './document-title';

describe('DocumentTitle', () => {
  afterEach(() => {
    document.title = '';
  });

  it('names the page while it is shown, follows a change, and gives the title back when it leaves', () => {
    document.title = 'Castline';
    const view = render(<DocumentTitle>Marketplace · Castline</DocumentTitle>);
    expect(document.title).toBe('Marketplace · Castline');
    // Nothing of it is drawn in the page itself.
    expect(view.container.innerHTML).toBe('');

    view.rerender(<DocumentTitle>Rods · Marketplace · Castline</DocumentTitle>);
    expect(document.title).toBe('Rods · Marketplace · Castline');

    view.unmount();
    expect(document.title).toBe('Castline');
  });
});
