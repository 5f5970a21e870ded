import type { MarkdownNodeDto } from '@castline/shared';
import { parseMarkdown } from '@castline/shared/markdown';
import { LRUCache } from 'lru-cache';

/*
 * Posts and comments go out with their Markdown parsed (`content_tree`, decision 0023), so that
 * a page draws them without a parser of its own. A topic of hundreds of comments is read far more
 * often than it is written: the trees of the texts drawn lately are kept, by the text itself, so
 * a topic read again parses nothing. A text is the whole key, so an edit simply misses; the tree is
 * a pure function of the text, so instances and apps may share the cache.
 */

/** A tree's heap cost, roughly: its objects take about ten times the text's characters. */
const treeCost = (content: string): number => content.length * 10 + 256;

const trees = new LRUCache<string, MarkdownNodeDto>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (_tree, content) => treeCost(content),
});

/** The syntax tree of a post's or comment's Markdown (shared, never to be changed by a caller). */
export function contentTree(content: string): MarkdownNodeDto {
  let tree = trees.get(content);
  if (!tree) {
    tree = parseMarkdown(content);
    trees.set(content, tree);
  }
  return tree;
}
