import type { QueryClient } from '@tanstack/react-query';
import { PRERENDERED_DATA_ID, type PrerenderedQuery } from '@castline/shared';

function isPrerenderedQuery(value: unknown): value is PrerenderedQuery {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return Array.isArray(entry.queryKey) && 'data' in entry && typeof entry.updatedAt === 'number';
}

/**
 * Seeds `queryClient` with the data a server-rendered page was rendered from, so that the
 * browser's first render shows the same page instead of loading it again. Returns how many
 * queries were seeded; a missing or unreadable element seeds nothing.
 */
export function seedPrerenderedData(queryClient: QueryClient, doc: Document = document): number {
  const element = doc.getElementById(PRERENDERED_DATA_ID);
  if (!element?.textContent) return 0;
  let parsed: unknown;
  try {
    parsed = JSON.parse(element.textContent);
  } catch {
    return 0;
  }
  if (!Array.isArray(parsed)) return 0;
  let seeded = 0;
  const now = Date.now();
  for (const entry of parsed) {
    if (!isPrerenderedQuery(entry) || entry.data === undefined) continue;
    // A clock ahead of the browser's must not make the data look fresher than it is.
    queryClient.setQueryData(entry.queryKey, entry.data, { updatedAt: Math.min(entry.updatedAt, now) });
    seeded++;
  }
  element.remove();
  return seeded;
}
