import { describe, expect, it } from 'vitest';
import { FORUM_LIMITS } from '@castline/shared';
import { extractMentions, newMentions } from './forum.mentions.js';
import { excerptOf } from './forum.presenter.js';
import { forumRateRule } from './forum.service.js';

describe('mentions', () => {
  it('finds @usernames case-insensitively, once each, and not in e-mail addresses or code', () => {
    expect(extractMentions('Hi @Reel_Rita and @reel_rita, ask @bass-ben.')).toEqual([
      'reel_rita',
      'bass-ben',
    ]);
    expect(extractMentions('mail me at sue@example.com or @ab (too short)')).toEqual([]);
    expect(extractMentions('`@inline_code` and\n```\n@fenced_code\n```\n@after_code')).toEqual([
      'after_code',
    ]);
    expect(extractMentions('(@paren_user), @end.')).toEqual(['paren_user', 'end']);
    expect(extractMentions('@abcdefghijklmnopqrstu is 21 characters')).toEqual([]);
  });

  it('stops at ten members and tells an edit only about new ones', () => {
    const many = Array.from({ length: 12 }, (_, n) => `@member_${n}`).join(' ');
    expect(extractMentions(many)).toHaveLength(FORUM_LIMITS.mentionsMax);
    expect(newMentions('hey @one_user', 'hey @one_user and @two_user')).toEqual(['two_user']);
  });
});

describe('excerpts', () => {
  it('turns Markdown into plain text', () => {
    const markdown = [
      '# Big **catch** today',
      '> quoted _wisdom_',
      '- item one',
      '1. first [link](https://example.com) ![photo](/files/forum-images/a.webp)',
      '```ts',
      'const x = 1;',
      '```',
      '---',
      '<script>alert(1)</script> stays text',
    ].join('\n');
    expect(excerptOf(markdown)).toBe(
      'Big catch today quoted wisdom item one first link photo const x = 1; <script>alert(1)</script> stays text',
    );
  });

  it('is at most 200 characters, ending with an ellipsis when cut', () => {
    const long = excerptOf('word '.repeat(100));
    expect(Array.from(long).length).toBeLessThanOrEqual(200);
    expect(long.endsWith('…')).toBe(true);
    expect(excerptOf('short')).toBe('short');
  });
});

describe('posting limits', () => {
  it('are tighter for accounts younger than a day', () => {
    const now = Date.parse('2025-06-01T12:00:00Z');
    const young = '2025-06-01T06:00:00Z';
    const old = '2025-05-20T06:00:00Z';
    expect(forumRateRule('post', young, now)).toEqual({ limit: 1, windowMs: 60_000 });
    expect(forumRateRule('post', old, now)).toEqual({ limit: 1, windowMs: 15_000 });
    expect(forumRateRule('comment', young, now)).toEqual({ limit: 1, windowMs: 15_000 });
    expect(forumRateRule('comment', old, now)).toEqual({ limit: 1, windowMs: 5_000 });
  });
});
