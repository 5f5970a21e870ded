import type { PostSummaryDto } from '@castline/shared';
import type { Database } from '../../db/client.js';
import { createForumFeedsRepository } from './forum-feeds.repository.js';
import { presentPostSummary } from './forum.presenter.js';

/**
 * The newest public topics with a tag, for another module (the tag page): the forum list's own
 * SQL (published only; the viewer's muted topics left out) and presenter.
 */
export function createForumTopicsReader(db: Database) {
  const feeds = createForumFeedsRepository(db);
  return {
    async newestTagged(
      tag: string,
      viewerId: string | null,
      limit: number,
    ): Promise<{ items: PostSummaryDto[]; total: number }> {
      const { rows, total } = await feeds.list({
        viewerId,
        category: null,
        q: null,
        authorId: null,
        tag,
        sort: 'new',
        period: 'all',
        view: 'all',
        limit,
        offset: 0,
      });
      return { items: rows.map(presentPostSummary), total };
    },
  };
}

export type ForumTopicsReader = ReturnType<typeof createForumTopicsReader>;
