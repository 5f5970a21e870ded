import type { Database } from '../../db/client.js';
import { membersNamed, type ForumNoticeHooks } from './forum-mentions.repository.js';
import { createForumAdminRepository } from './forum-admin.repository.js';
import { createForumCommentsRepository } from './forum-comments.repository.js';
import { createForumDraftsRepository } from './forum-drafts.repository.js';
import { createForumFeedsRepository } from './forum-feeds.repository.js';
import { createForumLikesRepository } from './forum-likes.repository.js';
import { createForumFollowingRepository } from './forum-following.repository.js';
import { createForumPostsRepository } from './forum-posts.repository.js';
import { createForumReadingRepository } from './forum-reading.repository.js';

/**
 * The forum's SQL, one part per concern: feeds (public lists and the sidebar), forum
 * administration, posts, comments and likes. The post and comment writes say whom they mention,
 * answer or quote through `notices`, inside their transaction.
 */
export function createForumRepository(db: Database, notices: ForumNoticeHooks) {
  return {
    db,
    ...createForumFeedsRepository(db),
    ...createForumAdminRepository(db),
    ...createForumPostsRepository(db, notices),
    ...createForumCommentsRepository(db, notices),
    ...createForumLikesRepository(db),
    ...createForumReadingRepository(db),
    ...createForumFollowingRepository(db),
    ...createForumDraftsRepository(db),
    membersNamed: (usernames: string[]) => membersNamed(db, usernames),
  };
}

export type ForumRepository = ReturnType<typeof createForumRepository>;
