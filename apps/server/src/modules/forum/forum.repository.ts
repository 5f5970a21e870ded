import type { Database } from '../../db/client.js';
import { createForumAdminRepository } from './forum-admin.repository.js';
import { createForumCommentsRepository } from './forum-comments.repository.js';
import { createForumFeedsRepository } from './forum-feeds.repository.js';
import { createForumLikesRepository } from './forum-likes.repository.js';
import { createForumPostsRepository } from './forum-posts.repository.js';

/**
 * The forum's SQL, one part per concern: feeds (public lists and the sidebar), forum
 * administration, posts, comments and likes. Mentions are notified by the post and comment writes.
 */
export function createForumRepository(db: Database) {
  return {
    db,
    ...createForumFeedsRepository(db),
    ...createForumAdminRepository(db),
    ...createForumPostsRepository(db),
    ...createForumCommentsRepository(db),
    ...createForumLikesRepository(db),
  };
}

export type ForumRepository = ReturnType<typeof createForumRepository>;
