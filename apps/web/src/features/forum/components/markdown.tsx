import type { CSSProperties, ReactNode } from 'react';
import { useId, useMemo } from 'react';
import type { MarkdownNodeDto } from '@castline/shared';
import { MENTION_PATTERN } from '@castline/shared';
import type {
  Definition,
  FootnoteDefinition,
  List,
  ListItem,
  Nodes,
  Parents,
  Root,
  RootContent,
  Table,
} from 'mdast';
import { Link } from '../../../lib/router';
import { cn } from '../../../lib/cn';
import { imageVariantUrl } from '../../listings';
import { isOwnImage, markdownUrlTransform, safeLinkHref } from '../lib/markdown-urls';

/*
 * Member-written Markdown comes from the server parsed (a post's and each comment's
 * `content_tree`: the syntax tree micromark makes of CommonMark with GitHub's tables, task lists,
 * strikethrough, autolinks and footnotes, by `parseMarkdown` of @castline/shared/markdown), and
 * that tree is drawn here as React elements: only the elements below are ever made, every text is
 * a text node (raw HTML a member typed included), and every address goes through the URL rules of
 * markdown-urls.ts. Drawing the tree ourselves leaves out the HTML-tree and JSX layers a general
 * renderer carries (decision 0022); taking it parsed leaves the parser off a topic's page
 * (decision 0023). The editor's preview parses what is being written (markdown-preview.tsx).
 */

/** How an external link in member content opens: a new tab, no referrer, no ranking credit. */
export const EXTERNAL_LINK_REL = 'noopener noreferrer nofollow ugc';

/** Lower-cased username → member id: the members a page's @mentions may link to. */
export type MentionLinks = ReadonlyMap<string, string>;

const LINK_CLASS = 'font-medium text-brand underline underline-offset-2 hover:no-underline';

function MarkdownLink({
  href,
  title,
  children,
}: {
  href: string;
  title?: string | null;
  children: ReactNode;
}) {
  const link = safeLinkHref(markdownUrlTransform(href, 'href'));
  if (!link) return <span>{children}</span>;
  const titled = title ? { title } : {};
  if (link.kind === 'internal') {
    return (
      <Link to={link.href} className={LINK_CLASS} {...titled}>
        {children}
      </Link>
    );
  }
  if (link.kind === 'external') {
    return (
      <a href={link.href} target="_blank" rel={EXTERNAL_LINK_REL} className={LINK_CLASS} {...titled}>
        {children}
      </a>
    );
  }
  return (
    <a
      href={link.href}
      rel={link.kind === 'mail' ? EXTERNAL_LINK_REL : undefined}
      className={LINK_CLASS}
      {...titled}
    >
      {children}
    </a>
  );
}

/** Only photos stored by Castline are shown; any other image is replaced by its description. */
function MarkdownImage({ src, alt, title }: { src: string; alt: string; title?: string | null }) {
  const own = markdownUrlTransform(src, 'src');
  if (!own || !isOwnImage(own)) {
    return alt ? <span className="text-ink-muted italic">{`[${alt}]`}</span> : null;
  }
  return (
    <img
      src={imageVariantUrl(own, 1200)}
      alt={alt}
      title={title ?? undefined}
      loading="lazy"
      decoding="async"
      className="my-3 max-h-[32rem] max-w-full rounded-xl object-contain"
    />
  );
}

/** Headings move down so that the page keeps its one h1 (and the post title its h2 level). */
const HEADINGS: Record<number, { tag: 'h3' | 'h4' | 'h5' | 'h6'; className: string }> = {
  1: { tag: 'h3', className: 'text-xl' },
  2: { tag: 'h4', className: 'text-lg' },
  3: { tag: 'h5', className: 'text-base' },
  4: { tag: 'h6', className: 'text-base' },
  5: { tag: 'h6', className: 'text-sm' },
  6: { tag: 'h6', className: 'text-sm' },
};

const CLASSES = {
  p: 'my-3 leading-relaxed',
  ul: 'my-3 list-disc space-y-1 pl-6',
  ol: 'my-3 list-decimal space-y-1 pl-6',
  blockquote: 'my-3 border-l-4 border-line pl-4 text-ink-muted',
  code: 'rounded bg-surface-muted px-1.5 py-0.5 font-mono text-[0.9em]',
  pre: 'my-3 overflow-x-auto rounded-lg bg-surface-muted p-3 text-sm [&_code]:bg-transparent [&_code]:p-0',
  hr: 'my-5 border-line',
  table: 'my-3 block w-full overflow-x-auto border-collapse text-sm',
  th: 'border border-line bg-surface-muted px-3 py-1.5 text-left font-semibold',
  td: 'border border-line px-3 py-1.5',
} as const;

/** What drawing one tree needs: its definitions, its footnotes in order of first use, mentions. */
interface Context {
  definitions: ReadonlyMap<string, Definition>;
  footnotes: ReadonlyMap<string, FootnoteDefinition>;
  /** Footnote identifiers in the order their first reference appears. */
  cited: string[];
  mentions: MentionLinks | undefined;
  /** Prefix of this post's footnote ids, so that two posts on a page never share an id. */
  idPrefix: string;
}

/** Splits a text at its @mentions of known members into text and profile links. */
function withMentions(text: string, members: MentionLinks | undefined): ReactNode {
  if (!members || members.size === 0) return text;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const id = members.get(match[1]!.toLowerCase());
    if (!id) continue;
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(
      <Link key={match.index} to={`/profile/${id}`} className={LINK_CLASS}>
        {match[0]}
      </Link>,
    );
    last = match.index + match[0].length;
  }
  if (parts.length === 0) return text;
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** The plain text of a node (an image reference's description). */
function plainText(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('alt' in node && typeof node.alt === 'string') return node.alt;
  return 'children' in node ? node.children.map((child) => plainText(child)).join('') : '';
}

function drawChildren(parent: Parents, context: Context, inLink: boolean, tight = false): ReactNode[] {
  return parent.children.map((child, index) => draw(child, context, inLink, index, tight));
}

function draw(node: RootContent, context: Context, inLink: boolean, key: number, tight = false): ReactNode {
  switch (node.type) {
    case 'paragraph':
      // A tight list's items hold their text without a paragraph around it.
      return tight ? (
        drawChildren(node, context, inLink)
      ) : (
        <p key={key} className={CLASSES.p}>
          {drawChildren(node, context, inLink)}
        </p>
      );
    case 'heading': {
      const { tag: Tag, className } = HEADINGS[node.depth] ?? HEADINGS[6]!;
      return (
        <Tag key={key} className={cn('mt-5 mb-2 font-semibold tracking-tight text-ink', className)}>
          {drawChildren(node, context, inLink)}
        </Tag>
      );
    }
    case 'thematicBreak':
      return <hr key={key} className={CLASSES.hr} />;
    case 'blockquote':
      return (
        <blockquote key={key} className={CLASSES.blockquote}>
          {drawChildren(node, context, inLink)}
        </blockquote>
      );
    case 'list':
      return drawList(node, context, key);
    case 'code':
      return (
        <pre key={key} className={CLASSES.pre}>
          <code className={cn(CLASSES.code, node.lang && `language-${node.lang}`)}>{`${node.value}\n`}</code>
        </pre>
      );
    case 'html':
      // Raw HTML a member typed (`<script>`, `<img onerror>`) is shown as the text they typed.
      return node.value;
    case 'table':
      return drawTable(node, context, key);
    case 'text':
      return inLink ? node.value : withMentions(node.value, context.mentions);
    case 'emphasis':
      return <em key={key}>{drawChildren(node, context, inLink)}</em>;
    case 'strong':
      return <strong key={key}>{drawChildren(node, context, inLink)}</strong>;
    case 'delete':
      return <del key={key}>{drawChildren(node, context, inLink)}</del>;
    case 'inlineCode':
      return (
        <code key={key} className={CLASSES.code}>
          {node.value}
        </code>
      );
    case 'break':
      return <br key={key} />;
    case 'link':
      return (
        <MarkdownLink key={key} href={node.url} title={node.title}>
          {drawChildren(node, context, true)}
        </MarkdownLink>
      );
    case 'image':
      return <MarkdownImage key={key} src={node.url} alt={node.alt ?? ''} title={node.title} />;
    case 'linkReference': {
      const definition = context.definitions.get(node.identifier);
      const children = drawChildren(node, context, true);
      return definition ? (
        <MarkdownLink key={key} href={definition.url} title={definition.title}>
          {children}
        </MarkdownLink>
      ) : (
        children
      );
    }
    case 'imageReference': {
      const definition = context.definitions.get(node.identifier);
      const alt = node.alt ?? plainText(node);
      return definition ? (
        <MarkdownImage key={key} src={definition.url} alt={alt} title={definition.title} />
      ) : (
        alt
      );
    }
    case 'footnoteReference':
      return drawFootnoteReference(node.identifier, context, key);
    // Definitions are drawn where they are used; footnotes at the end of the post.
    case 'definition':
    case 'footnoteDefinition':
      return null;
    default:
      return null;
  }
}

function drawList(list: List, context: Context, key: number): ReactNode {
  const tasks = list.children.some((item) => typeof item.checked === 'boolean');
  const items = list.children.map((item, index) => drawListItem(item, list, context, index));
  return list.ordered ? (
    <ol
      key={key}
      start={list.start !== null && list.start !== undefined && list.start !== 1 ? list.start : undefined}
      className={cn(CLASSES.ol, tasks && 'contains-task-list')}
    >
      {items}
    </ol>
  ) : (
    <ul key={key} className={cn(CLASSES.ul, tasks && 'contains-task-list')}>
      {items}
    </ul>
  );
}

function drawListItem(item: ListItem, list: List, context: Context, key: number): ReactNode {
  const tight = !(list.spread || item.spread);
  const task = typeof item.checked === 'boolean';
  return (
    <li key={key} className={task ? 'task-list-item' : undefined}>
      {task && <input type="checkbox" checked={item.checked === true} disabled readOnly className="mr-2" />}
      {item.children.map((child, index) => draw(child, context, false, index, tight))}
    </li>
  );
}

function drawTable(table: Table, context: Context, key: number): ReactNode {
  const [head, ...body] = table.children;
  const alignOf = (column: number): CSSProperties | undefined => {
    const align = table.align?.[column];
    return align ? { textAlign: align } : undefined;
  };
  return (
    <table key={key} className={CLASSES.table}>
      {head && (
        <thead>
          <tr>
            {head.children.map((cell, column) => (
              <th key={column} className={CLASSES.th} style={alignOf(column)}>
                {drawChildren(cell, context, false)}
              </th>
            ))}
          </tr>
        </thead>
      )}
      {body.length > 0 && (
        <tbody>
          {body.map((row, index) => (
            <tr key={index}>
              {row.children.map((cell, column) => (
                <td key={column} className={CLASSES.td} style={alignOf(column)}>
                  {drawChildren(cell, context, false)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      )}
    </table>
  );
}

/** A footnote's number where it is cited, linking to its text at the end of the post. */
function drawFootnoteReference(identifier: string, context: Context, key: number): ReactNode {
  if (!context.footnotes.has(identifier)) return `[^${identifier}]`;
  if (!context.cited.includes(identifier)) context.cited.push(identifier);
  const number = context.cited.indexOf(identifier) + 1;
  const id = `${context.idPrefix}fn-${number}`;
  return (
    <sup key={key}>
      <a href={`#${id}`} id={`${id}-ref`} aria-describedby={`${context.idPrefix}footnotes`}>
        {number}
      </a>
    </sup>
  );
}

/** The cited footnotes, in order, each with a link back to where it was cited. */
function drawFootnotes(context: Context): ReactNode {
  if (context.cited.length === 0) return null;
  const items: ReactNode[] = [];
  // A footnote's text may cite another footnote: the list grows while it is drawn.
  for (let index = 0; index < context.cited.length; index++) {
    const footnote = context.footnotes.get(context.cited[index]!)!;
    const id = `${context.idPrefix}fn-${index + 1}`;
    items.push(
      <li key={id} id={id}>
        {drawChildren(footnote, context, false, true)}{' '}
        <a href={`#${id}-ref`} aria-label={`Back to reference ${index + 1}`} className={LINK_CLASS}>
          ↩
        </a>
      </li>,
    );
  }
  return (
    <section className="mt-5 border-t border-line pt-3 text-sm text-ink-muted">
      <h3 id={`${context.idPrefix}footnotes`} className="sr-only">
        Footnotes
      </h3>
      <ol className={CLASSES.ol}>{items}</ol>
    </section>
  );
}

/** Every definition and footnote of the tree, by identifier (the first of a kind wins). */
function collect(tree: Root) {
  const definitions = new Map<string, Definition>();
  const footnotes = new Map<string, FootnoteDefinition>();
  const visit = (node: Nodes) => {
    if (node.type === 'definition' && !definitions.has(node.identifier))
      definitions.set(node.identifier, node);
    if (node.type === 'footnoteDefinition' && !footnotes.has(node.identifier))
      footnotes.set(node.identifier, node);
    if ('children' in node) (node.children as Nodes[]).forEach(visit);
  };
  visit(tree);
  return { definitions, footnotes };
}

interface MarkdownProps {
  /** The Markdown's syntax tree, as the server sends it (`content_tree`) or `parseMarkdown` makes it. */
  tree: MarkdownNodeDto;
  className?: string;
  /** Members whose @mentions link to their profile. */
  mentions?: MentionLinks;
}

/**
 * Member-written Markdown (GitHub flavour), rendered safely: raw HTML is shown as text, links go only to
 * http, https, mailto or this site (external ones in a new tab, without referrer or ranking credit),
 * images only from Castline's own file store (others show their description), and headings start at
 * h3 so the page keeps a single h1.
 */
export function Markdown({ tree: node, className, mentions }: MarkdownProps) {
  const idPrefix = `md${useId().replace(/[^A-Za-z0-9_-]/g, '')}-`;
  const content = useMemo(() => {
    // The answer's tree is mdast with only the fields drawn here (MarkdownNodeDto); anything
    // else in it, or a node of a type not named in `draw`, draws nothing.
    const tree = (node.type === 'root' ? node : { type: 'root', children: [] }) as unknown as Root;
    const context: Context = { ...collect(tree), cited: [], mentions, idPrefix };
    const body = drawChildren(tree, context, false);
    return (
      <>
        {body}
        {drawFootnotes(context)}
      </>
    );
  }, [node, mentions, idPrefix]);
  return <div className={cn('min-w-0 break-words text-ink', className)}>{content}</div>;
}
