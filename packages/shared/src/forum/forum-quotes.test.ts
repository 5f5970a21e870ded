import { describe, expect, it } from 'vitest';
import { quoteMarkdown, quotedTargets } from './forum-quotes.js';

const ID = '3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

describe('forum quotes', () => {
  it('writes a quote as a blockquote whose first line links to the quoted words', () => {
    expect(quoteMarkdown('reel_deal', { kind: 'comment', commentId: ID }, ' Line one\n\nline two ')).toBe(
      `> [@reel_deal wrote](#comment-${ID}):\n> Line one\n>\n> line two\n\n`,
    );
    expect(quoteMarkdown('ahab', { kind: 'post' }, 'Hi')).toBe('> [@ahab wrote](#post):\n> Hi\n\n');
  });

  it('reads back what a text quotes, once each, in order, and not inside code', () => {
    const text = [
      quoteMarkdown('a_one', { kind: 'post' }, 'x'),
      quoteMarkdown('b_two', { kind: 'comment', commentId: ID.toUpperCase() }, 'y'),
      quoteMarkdown('b_two', { kind: 'comment', commentId: ID }, 'again'),
      '```\n> [@c_three wrote](#comment-00000000-0000-4000-8000-000000000000):\n```',
      'Inline > [@d_four wrote](#post): is not a quote header.',
    ].join('\n');
    expect(quotedTargets(text)).toEqual([{ kind: 'post' }, { kind: 'comment', commentId: ID }]);
  });
});
