/**
 * Display names (a profile's full_name and title) follow the username rule, made for names.
 * Usernames are plain letters, digits, underscore and dash (sign-up), so they can neither hide
 * characters nor borrow look-alike letters from another alphabet. A display name may use any
 * alphabet, accents, spaces and punctuation ("José", "O'Brien", "Анна Петрова", "山田たろう"), but:
 *
 * - nothing invisible and no control characters: control characters, format characters (bidi
 *   overrides, embeddings, isolates and marks, zero-width spaces and joiners, the word joiner, the
 *   byte order mark, soft hyphens), line and paragraph separators, private-use code points, lone
 *   surrogates, and letters that show as blank (Hangul fillers, the braille blank);
 * - no word that mixes alphabets, the way "Pаul" hides a Cyrillic "а" among Latin letters. A word
 *   keeps to one script, or to a combination Unicode's "highly restrictive" level allows (UTS #39:
 *   Latin with Han, Hiragana and Katakana; Latin with Han and Bopomofo; Latin with Han and Hangul).
 *   Words are separated by anything that is not a letter, mark or digit (spaces, apostrophes,
 *   hyphens), so "Анна Smith" is fine.
 *
 * And a name is kept in one form (normalizeDisplayText): composed accents, plain letters for
 * styled ones (full-width, mathematical bold), and single plain spaces.
 */

/** Characters no display name may hold: see above. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800]/u;

/** True when the text holds an invisible, formatting or control character. */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN.test(text);
}

/**
 * The form a display name is stored in: NFKC (composed accents; full-width and styled letters as
 * plain ones), every run of spaces as one plain space, trimmed.
 */
export function normalizeDisplayText(text: string): string {
  return text.normalize('NFKC').replace(/\s+/gu, ' ').trim();
}

/**
 * Scripts a letter is told apart by: every alphabet that has look-alikes of Latin, Greek or
 * Cyrillic letters, and the major scripts of names. A letter of any other script counts as
 * "another script" (one more, whichever it is).
 */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Cherokee',
  'Coptic',
  'Lisu',
  'Vai',
  'Canadian_Aboriginal',
  'Tifinagh',
  'Osage',
  'Adlam',
  'Ogham',
  'Runic',
  'Old_Italic',
  'Gothic',
  'Deseret',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Mongolian',
  'Ethiopic',
  'Han',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Hangul',
  'Yi',
].map((name) => ({ name, letter: new RegExp(`\\p{Script=${name}}`, 'u') }));

/** Script combinations one word may use (UTS #39 "highly restrictive"), besides a single script. */
const ALLOWED_COMBINATIONS = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const LETTER = /\p{L}/u;
/** Letters every script uses (modifier letters such as ʼ and the Japanese long-vowel mark ー). */
const ANY_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}]/u;

function scriptOf(letter: string): string | null {
  if (ANY_SCRIPT.test(letter)) return null;
  return SCRIPTS.find((script) => script.letter.test(letter))?.name ?? 'another script';
}

function mixesScripts(word: string): boolean {
  const scripts = new Set<string>();
  for (const character of word) {
    if (!LETTER.test(character)) continue;
    const script = scriptOf(character);
    if (script) scripts.add(script);
  }
  if (scripts.size <= 1) return false;
  return !ALLOWED_COMBINATIONS.some((allowed) => [...scripts].every((script) => allowed.has(script)));
}

/** True when a word of the text mixes alphabets (see above). */
export function hasMixedScriptWord(text: string): boolean {
  return (text.match(WORD) ?? []).some(mixesScripts);
}
