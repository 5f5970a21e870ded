import type { ComponentProps, HTMLAttributes } from 'react';
import { createElement, useMemo } from 'react';
import { MENTION_PATTERN } from '@castline/shared';
import type { Components, ExtraProps } from 'react-markdown';
import ReactMarkdown from 'react-markdown';
import { Link } from 'react-router';
import remarkGfm from 'remark-gfm';
import { cn } from '../../../lib/cn';
import { imageVariantUrl } from '../../listings';
import { isOwnImage, markdownUrlTransform, safeLinkHref } from '../lib/markdown-urls';

/** How an external link in member content opens: a new tab, no referrer, no ranking credit. */
export const EXTERNAL_LINK_REL = 'noopener noreferrer nofollow ugc';

/** The elements Markdown (with GitHub's tables, task lists, strikethrough and footnotes) produces. */
const ALLOWED_ELEMENTS = [
  'p',
  'br',
  'hr',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'input',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'sup',
  'section',
];

interface MarkdownNode {
  type: string;
  value?: string;
  url?: string;
  children?: MarkdownNode[];
}

/**
 * Raw HTML a member typed (`<script>`, `<img onerror>`) is shown as the text they typed: the
 * parser's html nodes become plain text nodes, so nothing of it is ever parsed as markup.
 */
function remarkHtmlAsText() {
  const walk = (node: MarkdownNode) => {
    if (node.type === 'html') node.type = 'text';
    node.children?.forEach(walk);
  };
  return walk;
}

/** Lower-cased username → member id: the members a page's @mentions may link to. */
export type MentionLinks = ReadonlyMap<string, string>;

/** Splits a text node at its @mentions of known members into text and profile links. */
function splitMentions(text: string, members: MentionLinks): MarkdownNode[] | null {
  const parts: MarkdownNode[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const id = members.get(match[1]!.toLowerCase());
    if (!id) continue;
    if (match.index > last) parts.push({ type: 'text', value: text.slice(last, match.index) });
    parts.push({ type: 'link', url: `/profile/${id}`, children: [{ type: 'text', value: match[0] }] });
    last = match.index + match[0].length;
  }
  if (parts.length === 0) return null;
  if (last < text.length) parts.push({ type: 'text', value: text.slice(last) });
  return parts;
}

/** @mentions of existing members become links to their profiles (not inside links or code). */
function remarkMentionLinks(members: MentionLinks) {
  return function attach() {
    const walk = (node: MarkdownNode) => {
      if (!node.children || node.type === 'link' || node.type === 'linkReference') return;
      node.children = node.children.flatMap((child) => {
        if (child.type === 'text' && child.value) return splitMentions(child.value, members) ?? [child];
        walk(child);
        return [child];
      });
    };
    return walk;
  };
}

const plugins = [remarkGfm, remarkHtmlAsText];

/** The element's own props without react-markdown's `node`. */
function withoutNode<P extends ExtraProps>(props: P): Omit<P, 'node'> {
  const { node: _node, ...rest } = props;
  return rest;
}

function MarkdownLink(props: ComponentProps<'a'> & ExtraProps) {
  const { href, children, className, ...rest } = withoutNode(props);
  const link = safeLinkHref(href);
  const linkClass = cn('font-medium text-brand underline underline-offset-2 hover:no-underline', className);
  if (!link) return <span>{children}</span>;
  if (link.kind === 'internal') {
    return (
      <Link to={link.href} className={linkClass}>
        {children}
      </Link>
    );
  }
  if (link.kind === 'external') {
    return (
      <a {...rest} href={link.href} target="_blank" rel={EXTERNAL_LINK_REL} className={linkClass}>
        {children}
      </a>
    );
  }
  return (
    <a
      {...rest}
      href={link.href}
      rel={link.kind === 'mail' ? EXTERNAL_LINK_REL : undefined}
      className={linkClass}
    >
      {children}
    </a>
  );
}

/** Only photos stored by Castline are shown; any other image is replaced by its description. */
function MarkdownImage(props: ComponentProps<'img'> & ExtraProps) {
  const { src, alt, title } = withoutNode(props);
  if (typeof src !== 'string' || !isOwnImage(src)) {
    return alt ? <span className="text-ink-muted italic">{`[${alt}]`}</span> : null;
  }
  return (
    <img
      src={imageVariantUrl(src, 1200)}
      alt={alt ?? ''}
      title={title}
      loading="lazy"
      decoding="async"
      className="my-3 max-h-[32rem] max-w-full rounded-xl object-contain"
    />
  );
}

type HeadingProps = ComponentProps<'h1'> & ExtraProps;

/** Headings move down so that the page keeps its one h1 (and the post title its h2 level). */
function heading(Tag: 'h3' | 'h4' | 'h5' | 'h6', className: string) {
  return function ShiftedHeading(props: HeadingProps) {
    const { className: own, ...rest } = withoutNode(props);
    return (
      <Tag {...rest} className={cn('mt-5 mb-2 font-semibold tracking-tight text-ink', className, own)} />
    );
  };
}

type StyledTag = 'p' | 'ul' | 'ol' | 'blockquote' | 'code' | 'pre' | 'hr' | 'table' | 'th' | 'td';

/** An element with the look it has inside a post. */
function styled(tag: StyledTag, className: string) {
  return function Styled(props: HTMLAttributes<HTMLElement> & ExtraProps) {
    const { className: own, ...rest } = withoutNode(props);
    return createElement(tag, { ...rest, className: cn(className, own) });
  };
}

const COMPONENTS: Components = {
  a: MarkdownLink,
  img: MarkdownImage,
  h1: heading('h3', 'text-xl'),
  h2: heading('h4', 'text-lg'),
  h3: heading('h5', 'text-base'),
  h4: heading('h6', 'text-base'),
  h5: heading('h6', 'text-sm'),
  h6: heading('h6', 'text-sm'),
  p: styled('p', 'my-3 leading-relaxed'),
  ul: styled('ul', 'my-3 list-disc space-y-1 pl-6'),
  ol: styled('ol', 'my-3 list-decimal space-y-1 pl-6'),
  blockquote: styled('blockquote', 'my-3 border-l-4 border-line pl-4 text-ink-muted'),
  code: styled('code', 'rounded bg-surface-muted px-1.5 py-0.5 font-mono text-[0.9em]'),
  pre: styled(
    'pre',
    'my-3 overflow-x-auto rounded-lg bg-surface-muted p-3 text-sm [&_code]:bg-transparent [&_code]:p-0',
  ),
  hr: styled('hr', 'my-5 border-line'),
  table: styled('table', 'my-3 block w-full overflow-x-auto border-collapse text-sm'),
  th: styled('th', 'border border-line bg-surface-muted px-3 py-1.5 text-left font-semibold'),
  td: styled('td', 'border border-line px-3 py-1.5'),
};

interface MarkdownProps {
  /** The Markdown source as the member wrote it. */
  children: string;
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
export function Markdown({ children, className, mentions }: MarkdownProps) {
  const remarkPlugins = useMemo(
    () => (mentions && mentions.size > 0 ? [...plugins, remarkMentionLinks(mentions)] : plugins),
    [mentions],
  );
  return (
    <div className={cn('min-w-0 break-words text-ink', className)}>
      <ReactMarkdown
        remarkPlugins={remarkPlugins}
        allowedElements={ALLOWED_ELEMENTS}
        unwrapDisallowed
        urlTransform={markdownUrlTransform}
        components={COMPONENTS}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
