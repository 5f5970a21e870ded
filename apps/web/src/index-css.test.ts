import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Inter's contextual alternates draw an "x" between digits as "×" ("angler4x0" would read
 * "angler4×0"): members' text and identifiers must show the characters they hold. The glyphs
 * themselves are checked in a browser (e2e/user-text.spec.ts); this keeps the rule in place.
 */

const HERE = dirname(fileURLToPath(import.meta.url));
const css = readFileSync(join(HERE, 'index.css'), 'utf8');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the interface font', () => {
  it('draws every character as written: contextual alternates are off from the root of the page', () => {
    const root = /(?:^|\n)\s*html\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(root).toMatch(/font-variant-ligatures:\s*no-contextual\s*;/);
  });

  it('is never told to turn them back on', () => {
    const offenders = sourceFiles(HERE).filter((file) =>
      /["']calt["']\s*(1|on)\b|font-variant-ligatures:\s*(normal|contextual)|fontVariantLigatures/.test(
        readFileSync(file, 'utf8'),
      ),
    );
    expect(offenders).toEqual([]);
  });
});
