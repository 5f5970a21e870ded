import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES as S } from './profile-constants.js';
import { UpdateProfileBody } from './profile-settings.schemas.js';

/** The one issue a display-name field answers, or the value it keeps. */
function parse(field: 'full_name' | 'title', text: string) {
  const result = UpdateProfileBody.safeParse({ [field]: text });
  if (result.success) return { kept: result.data[field] };
  return {
    issues: result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  };
}

/** Characters that change how a name reads, or hide part of it, without being seen. */
const HIDDEN: [string, string][] = [
  ['U+202E right-to-left override', 'Ada\u202EreisiF'],
  ['U+202A left-to-right embedding', 'Ada\u202AFisher'],
  ['U+202D left-to-right override', 'Ada\u202DFisher'],
  ['U+2066 left-to-right isolate', '\u2066Ada\u2069 Fisher'],
  ['U+2067 right-to-left isolate', 'Ada \u2067Fisher'],
  ['U+200E left-to-right mark', 'Ada\u200E Fisher'],
  ['U+200F right-to-left mark', 'Ada \u200FFisher'],
  ['U+061C Arabic letter mark', 'Ada\u061C Fisher'],
  ['U+200B zero-width space', 'Ada\u200BFisher'],
  ['U+200C zero-width non-joiner', 'Ad\u200Ca'],
  ['U+200D zero-width joiner', 'Ad\u200Da'],
  ['U+2060 word joiner', 'Ada\u2060Fisher'],
  ['U+FEFF byte order mark', '\uFEFFAda Fisher'],
  ['U+00AD soft hyphen', 'Ada Fi\u00ADsher'],
  ['U+0007 bell (a control character)', 'Ada\u0007 Fisher'],
  ['a line break', 'Ada\nFisher'],
  ['a tab', 'Ada\tFisher'],
  ['U+0085 next line', 'Ada\u0085Fisher'],
  ['U+2028 line separator', 'Ada\u2028Fisher'],
  ['U+3164 Hangul filler (a blank letter)', 'Ada\u3164Fisher'],
  ['U+E000 private use', 'Ada\uE000'],
];

/** Look-alike letters from another alphabet inside one word (usernames allow Latin letters only). */
const MIXED: [string, string][] = [
  ['Cyrillic а in a Latin word', 'P\u0430ul Smith'],
  ['Greek Ρ in a Latin word', '\u03A1aul'],
  ['Cyrillic о in a Latin surname', 'Ada Fish\u043Er'],
  ['Latin o in a Cyrillic word', 'Анна Петрoва'],
  ['Armenian օ in a Latin word', 'B\u0585b'],
  ['Cherokee Ꭺ in a Latin word', '\u13AAda'],
];

describe('display names (full_name and title) follow the username rule, for names', () => {
  it.each(HIDDEN)('full_name with %s answers the full name text', (_, text) => {
    expect(parse('full_name', text)).toEqual({
      issues: [{ path: 'full_name', message: S.fullNameHiddenCharacters }],
    });
  });

  it.each(HIDDEN)('title with %s answers the title text', (_, text) => {
    expect(parse('title', text)).toEqual({ issues: [{ path: 'title', message: S.titleHiddenCharacters }] });
  });

  it.each(MIXED)('%s is refused in a full name and in a title', (_, text) => {
    expect(parse('full_name', text)).toEqual({
      issues: [{ path: 'full_name', message: S.fullNameMixedScripts }],
    });
    expect(parse('title', text)).toEqual({ issues: [{ path: 'title', message: S.titleMixedScripts }] });
  });

  it.each([
    'José Álvarez',
    "O'Brien",
    'O’Brien',
    'Jean-Luc Picard',
    'J. R. R. Tolkien',
    'Zoë Brontë',
    'Bjørn Ødegård',
    'Nguyễn Văn An',
    'Анна Петрова',
    'Анна Smith',
    'Ελένη Παπαδοπούλου',
    'محمد علي',
    'דוד לוי',
    'देवनागरी लिपि',
    '山田たろう',
    '김민준',
    'Jacques-Yves Cousteau 3rd',
  ])('%s is kept as typed', (name) => {
    expect(parse('full_name', name)).toEqual({ kept: name });
    expect(parse('title', name)).toEqual({ kept: name });
  });

  it('titles keep ordinary punctuation and symbols', () => {
    for (const title of [
      'River guide',
      'Guide & Outfitter (Texas)',
      '#1 Bass Angler 🎣',
      'Pro staff @ Shimano',
    ]) {
      expect(parse('title', title)).toEqual({ kept: title });
    }
  });

  it('stores one form of a name: composed accents, plain letters for styled ones, single spaces', () => {
    // "José" typed with a combining accent, and styled (full-width, mathematical bold) letters.
    expect(parse('full_name', 'Jose\u0301')).toEqual({ kept: 'José' });
    expect(parse('full_name', '\uFF21\uFF44\uFF41 Fisher')).toEqual({ kept: 'Ada Fisher' });
    expect(parse('full_name', '\u{1D400}\u{1D41D}\u{1D41A}')).toEqual({ kept: 'Ada' });
    expect(parse('full_name', ' Ada\u00A0\u2003 Fisher ')).toEqual({ kept: 'Ada Fisher' });
    // Blank still clears the field.
    expect(parse('full_name', '  ')).toEqual({ kept: null });
  });

  it('the length limits count the stored form', () => {
    expect(parse('full_name', 'x'.repeat(100))).toEqual({ kept: 'x'.repeat(100) });
    expect(parse('full_name', 'x'.repeat(101))).toEqual({
      issues: [{ path: 'full_name', message: S.fullNameTooLong }],
    });
    expect(parse('title', 'x'.repeat(81))).toEqual({ issues: [{ path: 'title', message: S.titleTooLong }] });
  });
});
