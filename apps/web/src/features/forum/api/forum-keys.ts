import type { ForumSort, ForumTopPeriod, ForumView } from '@castline/shared';

/** What the Community list shows: read from and written to the address (?category=&q=&sort=&period=&view=&page=). */
export interface ForumListFilters {
  /** '' for every category. */
  category: string;
  /** '' for no search. */
  q: string;
  /** A tag's slug; '' or absent for any tag. */
  tag?: string;
  sort: ForumSort;
  /** The Top list's period. */
  period: ForumTopPeriod;
  /** The member's own views: all topics, new to them, or with unread comments. */
  view: ForumView;
  /** 1-based. */
  page: number;
}

/** Query keys of the forum; everything starts with ['forum'] so one prefix reaches it all. */
export const forumKeys = {
  all: ['forum'] as const,
  posts: ['forum', 'posts'] as const,
  lists: ['forum', 'posts', 'list'] as const,
  list: (filters: ForumListFilters) => ['forum', 'posts', 'list', filters] as const,
  details: ['forum', 'posts', 'detail'] as const,
  detail: (postId: string) => ['forum', 'posts', 'detail', postId] as const,
  categories: ['forum', 'categories'] as const,
  trending: ['forum', 'trending'] as const,
  topContributors: ['forum', 'top-contributors'] as const,
  watches: ['forum', 'watches'] as const,
  bookmarks: ['forum', 'bookmarks'] as const,
};
