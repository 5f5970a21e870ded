import { describe, expect, it } from 'vitest';
import type { ForumListFilters } from './forum-keys';
import { forumFiltersFrom, postListSearch, withForumFilters } from './forum-filters';

const ALL: ForumListFilters = { category: '', q: '', sort: 'new', period: 'month', view: 'all', page: 1 };

describe('Community filters in the address', () => {
  it('reads category, search, order, view and page, falling back for anything unreadable', () => {
    expect(
      forumFiltersFrom(
        new URLSearchParams('category=Gear+Talk&q=+braid+&sort=top&period=week&view=unread&page=3'),
      ),
    ).toEqual({ category: 'Gear Talk', q: 'braid', sort: 'top', period: 'week', view: 'unread', page: 3 });
    for (const page of ['0', '-2', '1.5', 'two', '']) {
      expect(forumFiltersFrom(new URLSearchParams({ page })).page).toBe(1);
    }
    expect(forumFiltersFrom(new URLSearchParams(`q=${'x'.repeat(500)}`)).q).toHaveLength(200);
    expect(forumFiltersFrom(new URLSearchParams('sort=oldest&period=decade&view=mine'))).toEqual(ALL);
  });

  it('writes only what is set and keeps other parameters', () => {
    const next = withForumFilters(new URLSearchParams('debug=true&page=4'), { ...ALL, category: 'How-To' });
    expect(next.toString()).toBe('debug=true&category=How-To');
    expect(withForumFilters(new URLSearchParams(), { ...ALL, sort: 'top', period: 'year' }).toString()).toBe(
      'sort=top&period=year',
    );
    // A period only means something to Top.
    expect(
      withForumFilters(new URLSearchParams(), { ...ALL, sort: 'latest', period: 'year' }).toString(),
    ).toBe('sort=latest');
  });

  it('asks the API for one page of 20, in the chosen order', () => {
    expect(postListSearch({ ...ALL, q: 'pike', page: 2 })).toBe('q=pike&page=2&pageSize=20');
    expect(postListSearch({ ...ALL, sort: 'top', period: 'all', view: 'unread' })).toBe(
      'sort=top&period=all&view=unread&page=1&pageSize=20',
    );
  });
});
