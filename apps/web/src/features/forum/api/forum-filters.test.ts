import { describe, expect, it } from 'vitest';
import { forumFiltersFrom, postListSearch, withForumFilters } from './forum-filters';

describe('Community filters in the address', () => {
  it('reads category, search and page, falling back for anything unreadable', () => {
    expect(forumFiltersFrom(new URLSearchParams('category=Gear+Talk&q=+braid+&page=3'))).toEqual({
      category: 'Gear Talk',
      q: 'braid',
      page: 3,
    });
    for (const page of ['0', '-2', '1.5', 'two', '']) {
      expect(forumFiltersFrom(new URLSearchParams({ page })).page).toBe(1);
    }
    expect(forumFiltersFrom(new URLSearchParams(`q=${'x'.repeat(500)}`)).q).toHaveLength(200);
  });

  it('writes only what is set and keeps other parameters', () => {
    const next = withForumFilters(new URLSearchParams('debug=true&page=4'), {
      category: 'How-To',
      q: '',
      page: 1,
    });
    expect(next.toString()).toBe('debug=true&category=How-To');
  });

  it('asks the API for one page of 20', () => {
    expect(postListSearch({ category: '', q: 'pike', page: 2 })).toBe('q=pike&page=2&pageSize=20');
  });
});
