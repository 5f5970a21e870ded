import type { CommentDto } from '@castline/shared';

/** A top-level comment with the replies shown under it, oldest first. */
export interface CommentThread {
  comment: CommentDto;
  replies: CommentDto[];
}

/**
 * The comments as threads one level deep: each reply shows under the top-level comment its thread
 * hangs from (a reply to a reply too, saying whom it answers). A reply whose top-level comment is
 * not on the page (deleted, or hidden from this viewer) shows as a comment on the topic.
 */
export function commentThreads(comments: readonly CommentDto[]): CommentThread[] {
  const threads: CommentThread[] = [];
  const byRoot = new Map<string, CommentThread>();
  for (const comment of comments) {
    if (!comment.thread_id) {
      const thread = { comment, replies: [] };
      threads.push(thread);
      byRoot.set(comment.id, thread);
    }
  }
  for (const comment of comments) {
    if (!comment.thread_id) continue;
    const root = byRoot.get(comment.thread_id);
    if (root) root.replies.push(comment);
    else threads.push({ comment, replies: [] });
  }
  const position = new Map(comments.map((comment, index) => [comment.id, index]));
  return threads.sort((a, b) => position.get(a.comment.id)! - position.get(b.comment.id)!);
}

/** The Markdown of a whole post or comment to quote: its own words, without the quotes it holds. */
export function quotableText(markdown: string): string {
  return markdown
    .split(/\r?\n/)
    .filter((line) => !/^\s*>/.test(line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
