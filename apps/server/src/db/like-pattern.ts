/**
 * A "contains" pattern for ILIKE with the wildcards escaped, so that a search for "a_b" matches
 * those characters literally. Use with `escape '\'` (PostgreSQL's default escape character).
 */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
