/** The forum module's public door: what other modules and the app may use. Everything else in this folder is private to it. */
export { deleteCommentCounted, setCommentStatus } from './forum.comment-counts.js';
export { addressedNotification, extractMentions, mentionNotification } from './forum.mentions.js';
export type { MentionSource } from './forum.mentions.js';
export { registerForumModule } from './forum.module.js';
export { createForumTopicsReader } from './forum-topics-reader.js';
export type { ForumTopicsReader } from './forum-topics-reader.js';
