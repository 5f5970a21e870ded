/* How the web router matches a path: shared by the server's page list and the browser's router. */

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A route pattern ('/marketplace/:id', '/reset-password/*') as the web router matches it:
 * case-insensitive, trailing slashes ignored; `keys` name the captured groups in order (`*` for
 * the rest of the path). The server's page list and the browser's router (apps/web/src/lib/router)
 * both match with it.
 */
export function compilePathPattern(pattern: string): { regex: RegExp; keys: string[] } {
  const keys: string[] = [];
  let source = '^';
  for (const segment of pattern.split('/').filter(Boolean)) {
    if (segment === '*') {
      keys.push('*');
      source += '(?:/(.+)|/*)';
    } else if (segment.startsWith(':')) {
      keys.push(segment.slice(1));
      source += '/([^/]+)';
    } else {
      source += `/${escapeRegExp(segment)}`;
    }
  }
  if (!pattern.endsWith('*')) source += '/*';
  return { regex: new RegExp(`${source}$`, 'i'), keys };
}

/** A path segment decoded as the web router decodes it (an encoded slash stays inside the segment). */
export function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment).replace(/\//g, '%2F');
  } catch {
    return segment;
  }
}

/** The values of a compiled pattern's keys in `path` (decoded), or null when it does not match. */
export function matchPathPattern(
  { regex, keys }: { regex: RegExp; keys: readonly string[] },
  path: string,
): Record<string, string> | null {
  const found = regex.exec(path);
  if (!found) return null;
  const params: Record<string, string> = {};
  keys.forEach((key, index) => {
    const value = found[index + 1];
    if (value !== undefined) params[key] = value;
  });
  return params;
}
