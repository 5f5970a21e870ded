import { linkify } from '../lib/linkify';

/**
 * A message's text as the sender typed it: line breaks kept, http(s) addresses as links that open
 * in a new tab. Only text nodes and <a> elements are produced; content is never read as HTML.
 */
export function MessageContent({ content }: { content: string }) {
  return (
    <p className="break-words whitespace-pre-wrap">
      {linkify(content).map((part, index) =>
        part.kind === 'link' ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="font-medium underline underline-offset-2 break-all"
          >
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
