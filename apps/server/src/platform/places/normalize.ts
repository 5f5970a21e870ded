/** Letters that Unicode decomposition does not reduce to ASCII. */
const FOLDED_LETTERS: Readonly<Record<string, string>> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const PLAIN_ASCII = /^[\x20-\x7e]*$/;
const FOLDED_PATTERN = new RegExp(`[${Object.keys(FOLDED_LETTERS).join('')}]`, 'g');

/**
 * The form names are compared in: lower case, accents removed ("Québec" → "quebec"), apostrophes
 * dropped ("St. John’s" → "st johns"), other punctuation as spaces, single spaces.
 */
export function normalizePlaceText(text: string): string {
  if (PLAIN_ASCII.test(text)) {
    return text
      .toLowerCase()
      .replace(/['`]/g, '')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  }
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(FOLDED_PATTERN, (letter) => FOLDED_LETTERS[letter] ?? letter)
    .replace(/['’‘`ʻʼ]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Abbreviations of place names, both ways: "St. Louis" is found as "saint louis" and the reverse. */
const ABBREVIATIONS: ReadonlyArray<readonly [string, string]> = [
  ['st', 'saint'],
  ['ste', 'sainte'],
  ['mt', 'mount'],
  ['ft', 'fort'],
];

const ABBREVIATED_WORD = new RegExp(`(?:^| )(?:${ABBREVIATIONS.flat().join('|')})(?: |$)`);

function replaceWords(normalized: string, from: string, to: string): string {
  return ` ${normalized} `.replaceAll(` ${from} `, ` ${to} `).trim();
}

/** The normalized keys a place name is indexed under: the name itself and its abbreviation variants. */
export function nameKeys(name: string): string[] {
  const normalized = normalizePlaceText(name);
  if (!name.includes(',') && !ABBREVIATED_WORD.test(normalized)) return normalized ? [normalized] : [];
  const keys = new Set<string>();
  const add = (value: string) => {
    const key = normalizePlaceText(value);
    if (!key) return;
    keys.add(key);
    if (!ABBREVIATED_WORD.test(key)) return;
    for (const [short, long] of ABBREVIATIONS) {
      keys.add(replaceWords(key, short, long));
      keys.add(replaceWords(key, long, short));
    }
  };
  add(name);
  // "Washington, D.C." is also found as "washington".
  const comma = name.indexOf(',');
  if (comma > 0) add(name.slice(0, comma));
  return [...keys];
}
