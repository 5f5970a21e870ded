import { sql } from 'drizzle-orm';
import { textArray, type Executor } from './listings-rows.js';

/**
 * Typo tolerance: a search word that no listing uses is corrected to the most similar word listings
 * do use when their trigram similarity is at least this ("shimno" and "shimano": 0.5). It is
 * pg_trgm's default strict word similarity threshold, which the `%>>` operator (and so the
 * vocabulary's trigram index) applies; the query checks it again, so a changed setting cannot
 * loosen it.
 */
export const WORD_CORRECTION_SIMILARITY = 0.5;

/** The words of a search that typo correction looks at (lower-cased, three letters or more). */
export function searchWords(q: string): string[] {
  return [
    ...new Set(
      q
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((word) => word.length >= 3 && !/^\p{N}+$/u.test(word)),
    ),
  ].slice(0, 6);
}

/** `q` with each word found in `corrections` replaced, everything else (operators, quotes) kept. */
export function applyCorrections(q: string, corrections: ReadonlyMap<string, string>): string {
  return q
    .split(/([^\p{L}\p{N}]+)/u)
    .map((part) => corrections.get(part.toLowerCase()) ?? part)
    .join('');
}

/**
 * `q` with every word that no listing uses replaced by the most similar word listings do use (the
 * listing_words vocabulary; candidates share trigrams with the typed word, found through its
 * trigram index), when similar enough (WORD_CORRECTION_SIMILARITY); null when nothing needed
 * correcting. One statement.
 */
export async function correctSearchText(executor: Executor, q: string): Promise<string | null> {
  const words = searchWords(q);
  if (words.length === 0) return null;
  const result = await executor.execute(sql`
    select typed.word as typed, closest.word as closest
    from unnest(${textArray(words)}) as typed(word)
    cross join lateral (
      select listing_words.word, strict_word_similarity(typed.word, listing_words.word) as score
      from listing_words
      where listing_words.word %>> typed.word
      order by score desc, length(listing_words.word), listing_words.word
      limit 1
    ) as closest
    where closest.word <> typed.word and closest.score >= ${WORD_CORRECTION_SIMILARITY}::float4`);
  const { rows: corrected } = result as unknown as { rows: { typed: string; closest: string }[] };
  if (corrected.length === 0) return null;
  return applyCorrections(q, new Map(corrected.map(({ typed, closest }) => [typed, closest])));
}
