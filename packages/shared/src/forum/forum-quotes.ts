/* Quotes in forum Markdown: plain values, no zod (the composer and the server both read them). */

/** What a quote points at: the topic's post, or one of its comments. */
export type QuoteTarget = { kind: 'post' } | { kind: 'comment'; commentId: string };

/**
 * A quote's first line: `> [@name wrote](#comment-<id>):` (or `#post`). It is ordinary Markdown, a
 * blockquote whose link jumps to the quoted words, so it reads well anywhere; the server reads the
 * anchor, not the name, to know whom to tell.
 */
const QUOTE_HEADER =
  /^> ?\[@[A-Za-z0-9_-]{3,20} wrote\]\(#(post|comment-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}))\):?[ \t]*$/gim;

/** The anchor id a post or comment carries on the topic page (`#post`, `#comment-<id>`). */
export function quoteAnchor(target: QuoteTarget): string {
  return target.kind === 'post' ? 'post' : `comment-${target.commentId}`;
}

/**
 * The Markdown that quotes `text` by `username`, ending with a blank line so that the reply
 * starts below it. Every line of the quoted text is kept inside the blockquote.
 */
export function quoteMarkdown(username: string, target: QuoteTarget, text: string): string {
  const body = text
    .trim()
    .split(/\r?\n/)
    .map((line) => (line.trim() ? `> ${line}` : '>'))
    .join('\n');
  return `> [@${username} wrote](#${quoteAnchor(target)}):\n${body}\n\n`;
}

/** The posts and comments a text quotes, each once, in order of appearance (quotes in code don't count). */
export function quotedTargets(text: string): QuoteTarget[] {
  const withoutCode = text.replace(/```[\s\S]*?(```|$)/g, ' ');
  const targets: QuoteTarget[] = [];
  const seen = new Set<string>();
  for (const match of withoutCode.matchAll(QUOTE_HEADER)) {
    const commentId = match[2]?.toLowerCase();
    const key = commentId ?? 'post';
    if (seen.has(key)) continue;
    seen.add(key);
    targets.push(commentId ? { kind: 'comment', commentId } : { kind: 'post' });
  }
  return targets;
}
