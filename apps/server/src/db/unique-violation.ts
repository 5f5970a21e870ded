/**
 * True when `error` (or a cause within a few levels: drizzle and the drivers wrap it) is
 * PostgreSQL's unique violation (23505) on the index `indexName`: a write a partial unique
 * index refused (one open offer per buyer and listing, one live order per listing).
 */
export function violatesUniqueIndex(error: unknown, indexName: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (
      candidate.code === '23505' &&
      (candidate.constraint === indexName ||
        (typeof candidate.message === 'string' && candidate.message.includes(indexName)))
    ) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}
