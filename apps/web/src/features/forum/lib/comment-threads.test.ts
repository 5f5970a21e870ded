import { describe, expect, it } from 'vitest';
import { commentThreads, quotableText } from './comment-threads';
import { buildComment } from '../testing/forum-fixtures';

describe('commentThreads', () => {
  it('shows replies one level deep under their top-level comment, and orphans as top-level', () => {
    const a = buildComment({ id: 'a' });
    const b = buildComment({ id: 'b' });
    const a1 = buildComment({ id: 'a1', thread_id: 'a', reply_to: { id: 'a', author_username: 'x' } });
    const a2 = buildComment({ id: 'a2', thread_id: 'a', reply_to: { id: 'a1', author_username: 'y' } });
    const orphan = buildComment({ id: 'o', thread_id: 'gone', reply_to: null });
    const threads = commentThreads([a, a1, b, orphan, a2]);
    expect(threads.map((t) => [t.comment.id, t.replies.map((r) => r.id)])).toEqual([
      ['a', ['a1', 'a2']],
      ['b', []],
      ['o', []],
    ]);
  });
});

describe('quotableText', () => {
  it('keeps the words and leaves out the quotes they hold', () => {
    expect(quotableText('> [@a wrote](#post):\n> old words\n\nMy answer.\n\n\n\nMore.')).toBe(
      'My answer.\n\nMore.',
    );
  });
});
