import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import type { MarkdownNodeDto as MarkdownTree } from './forum.schemas.js';

/*
 * Member-written Markdown parsed to its syntax tree (mdast): CommonMark with GitHub's tables, task
 * lists, strikethrough, autolinks and footnotes, by micromark (decisions 0022 and 0023). The server
 * parses what it sends (a post's and each comment's `content_tree`); the web parses only what a
 * member is writing, for the editor's preview. Both use this one function, so a preview shows what
 * the published post will.
 *
 * Not exported from the package's index: the web loads it only with the editor's preview.
 */

const parseOptions = { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] };

/** The node fields the drawing uses; positions, labels and parser data are left out of the answer. */
const KEPT_FIELDS = [
  'type',
  'value',
  'depth',
  'ordered',
  'start',
  'spread',
  'checked',
  'lang',
  'url',
  'title',
  'alt',
  'identifier',
  'referenceType',
  'align',
] as const;

function prune(node: Nodes): MarkdownTree {
  const kept: Record<string, unknown> = {};
  for (const field of KEPT_FIELDS) {
    const value = (node as unknown as Record<string, unknown>)[field];
    // Absent, null and false say the same to the drawing (only what is set is sent), but for a
    // task's box: `checked: false` is an open task, no `checked` an item that is not a task.
    if (value === undefined || value === null || (value === false && field !== 'checked')) continue;
    kept[field] = value;
  }
  if ('children' in node) kept.children = (node.children as Nodes[]).map(prune);
  return kept as unknown as MarkdownTree;
}

/** The syntax tree of `source`, with only the fields the drawing uses. */
export function parseMarkdown(source: string): MarkdownTree {
  return prune(fromMarkdown(source, parseOptions) as Root);
}
