/** Where a link in a post may point, and how it is opened. */
export type SafeLink =
  | { kind: 'internal'; href: string }
  | { kind: 'relative'; href: string }
  | { kind: 'external'; href: string }
  | { kind: 'mail'; href: string };

const ALLOWED_SCHEME = /^(https?|mailto)$/i;

/** Backslashes, spaces and control characters: browsers rewrite or drop them inside URLs. */
function hasUnsafeCharacters(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f || char === '\\') return true;
  }
  return false;
}

/**
 * The link target a post may use: http, https and mailto addresses, and addresses on this site
 * ("/marketplace/…", "#section", "guide"). Anything else (javascript:, data:, vbscript:, file:,
 * protocol-relative "//host", backslash tricks) is null, and the link renders as plain text.
 */
export function safeLinkHref(raw: string | undefined | null): SafeLink | null {
  const href = (raw ?? '').trim();
  if (!href) return null;
  if (hasUnsafeCharacters(href) || href.startsWith('//')) return null;

  const colon = href.indexOf(':');
  const firstDelimiter = href.search(/[/?#]/);
  const hasScheme = colon !== -1 && (firstDelimiter === -1 || colon < firstDelimiter);
  if (!hasScheme) {
    return href.startsWith('/') ? { kind: 'internal', href } : { kind: 'relative', href };
  }

  const scheme = href.slice(0, colon);
  if (!ALLOWED_SCHEME.test(scheme)) return null;
  if (/^mailto$/i.test(scheme)) return { kind: 'mail', href };
  // "https:" alone, or "http:/path" without a host, is not a real address.
  if (!/^https?:\/\/[^/?#]/i.test(href)) return null;
  return { kind: 'external', href };
}

/** Files Castline stored itself (/files/…): the only images a post may show. */
export function isOwnImage(raw: string | undefined | null): boolean {
  const src = (raw ?? '').trim();
  return src.startsWith('/files/') && !hasUnsafeCharacters(src) && !src.includes('..');
}

/** The URL filter given to the Markdown renderer: unsafe addresses become empty. */
export function markdownUrlTransform(url: string, key: string): string {
  if (key === 'src') return isOwnImage(url) ? url.trim() : '';
  if (key === 'href') return safeLinkHref(url)?.href ?? '';
  return '';
}
