/** A run of message text: plain text, or an http(s) address to show as a link. */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that usually ends the sentence rather than the address ("see https://x.y/z."). */
const TRAILING = /[.,;:!?)\]}'"]+$/;

function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Splits plain message text into text and http/https links. Nothing in a message is ever HTML:
 * the parts are rendered as text nodes and <a> elements only.
 */
export function linkify(content: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of content.matchAll(URL_PATTERN)) {
    const start = match.index;
    let raw = match[0];
    const trailing = TRAILING.exec(raw)?.[0] ?? '';
    // Keep a closing parenthesis that belongs to the address: "https://x.y/a_(b)".
    if (trailing.startsWith(')') && raw.includes('(')) raw = raw.slice(0, raw.length - trailing.length + 1);
    else raw = raw.slice(0, raw.length - trailing.length);
    const href = safeHref(raw);
    if (!href) continue;
    if (start > last) parts.push({ kind: 'text', text: content.slice(last, start) });
    parts.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < content.length) parts.push({ kind: 'text', text: content.slice(last) });
  return parts;
}
