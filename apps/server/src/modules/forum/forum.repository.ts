import type { Database } from '../../db/client.js';
import type { MentionedHook } from './forum-mentions.repository.js';
import { createForumAdminRepository } from './forum-admin.repository.js';
import { createForumCommentsRepository } from './forum-comments.repository.js';
import { createForumFeedsRepository } from './forum-feeds.repository.js';
import { createForumLikesRepository } from './forum-likes.repository.js';
import { createForumPostsRepository } from './forum-posts.repository.js';

/**
 * The forum's SQL, one part per concern: feeds (public lists and the sidebar), forum
 * administration, posts, comments and likes. The post and comment writes say whom they mention
 * through `mentioned`, inside their transaction.
 */
export function createForumRepository(db: Database, mentioned: MentionedHook) {
  return {
    db,
    ...createForumFeedsRepository(db),
    ...createForumAdminRepository(db),
    ...createForumPostsRepository(db, mentioned),
    ...createForumCommentsRepository(db, mentioned),
    ...createForumLikesRepository(db),
  };
}

export type ForumRepository = ReturnType<typeof createForumRepository>;
