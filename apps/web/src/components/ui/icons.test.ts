import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APP_ICONS } from './icons';

// Paths from this file's own address (a string: the test environment's URL class is jsdom's).
const HERE = dirname(fileURLToPath(import.meta.url));
const SOURCE_ROOT = join(HERE, '..', '..');
/** The registry itself, and this file, whose sample imports are test data. */
const SKIPPED_FILES = new Set([join(HERE, 'icons.ts'), join(HERE, 'icons.test.ts')]);

/** `import { A, B as C, type D } from 'lucide-react'` and `export { … } from 'lucide-react'`. */
const NAMED_IMPORT = /\b(import|export)\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g;
/** `import Icons from …` or `import * as Icons from …`: icons that cannot be checked by name. */
const WHOLESALE_IMPORT =
  /\bimport\s+(?!type\b)(\*\s+as\s+\w+|\w+)\s*(,\s*\{[^}]*\})?\s*from\s*['"]lucide-react['"]/g;

interface LucideUsage {
  /** Icon names imported (the name exported by lucide-react, not a local alias). */
  names: string[];
  /** Default or namespace imports, as written. */
  wholesale: string[];
}

/** The lucide-react icons one source file imports. Type-only imports (LucideIcon) are not icons. */
function lucideUsageIn(source: string): LucideUsage {
  const names: string[] = [];
  for (const match of source.matchAll(NAMED_IMPORT)) {
    if (match[2]) continue;
    for (const specifier of (match[3] ?? '').split(',')) {
      const trimmed = specifier.trim();
      if (!trimmed || /^type\s/.test(trimmed)) continue;
      const [imported] = trimmed.split(/\s+as\s+/);
      if (imported) names.push(imported.trim());
    }
  }
  const wholesale = [...source.matchAll(WHOLESALE_IMPORT)].map((match) => match[0]);
  return { names, wholesale };
}

function sourceFiles(): string[] {
  return readdirSync(SOURCE_ROOT, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.split(/[\\/]/).includes('node_modules'))
    .map((file) => join(SOURCE_ROOT, file))
    .filter((file) => !SKIPPED_FILES.has(file));
}

describe('lucide import scanner', () => {
  it('reads single-line, multi-line, aliased and type-only imports', () => {
    const usage = lucideUsageIn(`
      import { Anchor, Bell as BellIcon } from 'lucide-react';
      import {
        Fish,
        type LucideProps,
      } from "lucide-react";
      import type { LucideIcon } from 'lucide-react';
      import { Fish as Other } from './somewhere-else';
    `);
    expect(usage).toEqual({ names: ['Anchor', 'Bell', 'Fish'], wholesale: [] });
  });

  it('notices imports of the whole library', () => {
    expect(lucideUsageIn(`import * as Icons from 'lucide-react';`).wholesale).toHaveLength(1);
  });
});

describe('APP_ICONS', () => {
  const files = sourceFiles();
  const usages = files.map((file) => ({
    file: relative(SOURCE_ROOT, file),
    ...lucideUsageIn(readFileSync(file, 'utf8')),
  }));

  it('scans the web app sources', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(usages.some((usage) => usage.names.length > 0)).toBe(true);
  });

  it('lists every icon imported from lucide-react anywhere in the app', () => {
    const missing = new Map<string, string[]>();
    for (const { file, names } of usages) {
      for (const name of names) {
        if (Object.hasOwn(APP_ICONS, name)) continue;
        missing.set(name, [...(missing.get(name) ?? []), file]);
      }
    }
    const report = [...missing].map(([name, where]) => `${name} (${where.join(', ')})`).join('; ');
    expect(
      [...missing.keys()].sort(),
      `Add these icons to APP_ICONS in components/ui/icons.ts: ${report}`,
    ).toEqual([]);
  });

  it('is imported by name, so the registry can be checked', () => {
    const offenders = usages.filter((usage) => usage.wholesale.length > 0).map((usage) => usage.file);
    expect(offenders, `Import icons by name from 'lucide-react' in: ${offenders.join(', ')}`).toEqual([]);
  });

  it('holds only icons that exist in the installed lucide-react', () => {
    const broken = Object.entries(APP_ICONS)
      .filter(([, icon]) => icon === undefined || icon === null)
      .map(([name]) => name);
    expect(broken, `Not exported by lucide-react: ${broken.join(', ')}`).toEqual([]);
  });
});
