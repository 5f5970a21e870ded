import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LikeButton } from './like-button';

/** The button's text a sighted reader sees (what is not hidden from everyone but screen readers). */
function visibleText(button: HTMLElement): string {
  const clone = button.cloneNode(true) as HTMLElement;
  clone.querySelectorAll('.sr-only').forEach((element) => element.remove());
  return clone.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

describe('like button', () => {
  it.each([
    ['sm', 'Like this post, 3 likes', 'Like 3'],
    ['xs', 'Like this comment, 1 like', '1'],
  ] as const)(
    'is named by its own text (%s): the visible words in order, within the name',
    (size, name, visible) => {
      render(
        <LikeButton
          liked={false}
          count={name.includes('1 like') ? 1 : 3}
          subject={size === 'sm' ? 'post' : 'comment'}
          onToggle={vi.fn()}
          size={size}
        />,
      );
      const button = screen.getByRole('button', { name });
      // No aria-label over the text: voice control and screen readers use the words on the button.
      expect(button).not.toHaveAttribute('aria-label');
      expect(visibleText(button)).toBe(visible);
      expect(button).toHaveAttribute('aria-pressed', 'false');
    },
  );
});
