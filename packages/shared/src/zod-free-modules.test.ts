import { describe, expect, it } from 'vitest';

/*
 * The web app imports these modules' values on its first load. A module that imports zod (or
 * imports a module that does) would bring zod and every schema beside it along, so they stay
 * plain TypeScript (docs/decisions/0011-typed-responses-in-the-browser.md).
 */
const ZOD_FREE = [
  'common/constants.ts',
  'common/messages.ts',
  'common/error-codes.ts',
  'common/page-paths.ts',
  'common/money-constants.ts',
  'accounts/account-constants.ts',
  'accounts/account-messages.ts',
  'admin/admin-constants.ts',
  'admin/admin-permissions.ts',
  'admin/admin-permission-labels.ts',
  'listings/reference.ts',
  'listings/listing-constants.ts',
  'listings/search-criteria.ts',
  'listings/listing-terms.ts',
  'listings/listing-terms-messages.ts',
  'listings/listing-messages.ts',
  'listings/price-guide-constants.ts',
  'listings/listing-field-constants.ts',
  'listings/upload-constants.ts',
  'notifications/notification-constants.ts',
  'notifications/notification-type-constants.ts',
  'notifications/notification-preferences.ts',
  'notifications/notification-groups.ts',
  'alerts/alert-constants.ts',
  'presence/presence-constants.ts',
  'profiles/profile-constants.ts',
  'profiles/profile.policy.ts',
  'messaging/messaging-constants.ts',
  'messaging/messaging.policy.ts',
  'realtime/realtime-constants.ts',
  'monitoring/monitoring-constants.ts',
  'forum/forum-constants.ts',
  'forum/forum-quotes.ts',
  'tags/tag-constants.ts',
  'tags/tag-field-constants.ts',
  'offers/offer-constants.ts',
  'offers/offer.policy.ts',
  'moderation/moderation-constants.ts',
  'orders/order-constants.ts',
  'orders/order.policy.ts',
  'orders/review-constants.ts',
  'orders/review.policy.ts',
];

declare global {
  interface ImportMeta {
    /** Vite's glob import (Vitest runs through Vite); this package has no Vite or Node types. */
    glob(pattern: string, options: { query: '?raw'; import: 'default'; eager: true }): Record<string, string>;
  }
}

/** Every source file of the package, by path relative to src ("alerts/alert-constants.ts"). */
const SOURCES = Object.fromEntries(
  Object.entries(import.meta.glob('./**/*.ts', { query: '?raw', import: 'default', eager: true })).map(
    ([file, text]) => [file.replace(/^\.\//, ''), text],
  ),
);

function join(dir: string, specifier: string): string {
  const parts = dir ? dir.split('/') : [];
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/').replace(/\.js$/, '.ts');
}

/** Every module the file imports values from, followed through relative imports. */
function valueImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = SOURCES[file];
  if (source === undefined) throw new Error(`No source file ${file}`);
  for (const match of source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)) {
    const specifier = match[1] ?? '';
    if (specifier.startsWith('.'))
      valueImports(join(file.split('/').slice(0, -1).join('/'), specifier), seen);
    else seen.add(specifier);
  }
  return seen;
}

describe('modules the web app reads on its first load', () => {
  it.each(ZOD_FREE)('%s imports no zod, directly or through another module', (file) => {
    const imports = [...valueImports(file)];
    expect(imports.filter((name) => name === 'zod' || name.startsWith('zod/'))).toEqual([]);
    expect(imports.filter((name) => name.endsWith('.schemas.ts'))).toEqual([]);
  });
});
