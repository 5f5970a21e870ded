// First-load JavaScript per route of the built web app (apps/web/dist), gzipped, against the
// budgets in apps/web/bundle-budgets.json. `node scripts/bundle-size.mjs` prints the table and
// exits 1 when a route is over its budget; `npm test` runs it after the build.
//
// A route's first load is what the browser must fetch before the page can render: the entry
// (index.html's script) with every chunk it imports statically, plus the route's area chunk
// (app/areas/*, loaded by the router) with its static imports. Chunks loaded later (dialogs'
// libraries, HEIC conversion) are not counted.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps', 'web');

/** @returns {{ routes: { route: string; area: string; routes: string[]; budgetKb: number; targetKb?: number }[] }} */
export function readBudgets() {
  return JSON.parse(readFileSync(path.join(webDir, 'bundle-budgets.json'), 'utf8'));
}

/** The areas of the route table (app/areas/*.ts) that have no row in bundle-budgets.json. */
export function areasWithoutBudget() {
  const budgeted = new Set(readBudgets().routes.map((row) => row.area));
  return readdirSync(path.join(webDir, 'src', 'app', 'areas'))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .filter((area) => !budgeted.has(area));
}

/**
 * @param {string} [distDir] the built app (apps/web/dist by default)
 * @returns {{ route: string; area: string; routes: string[]; kilobytes: number; chunks: number; budgetKb: number; targetKb?: number }[]}
 */
export function firstLoadSizes(distDir = path.join(webDir, 'dist')) {
  /** @type {Record<string, { file: string; imports?: string[]; isEntry?: boolean }>} */
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('The manifest names no entry: was the app built?');
  const gzipped = new Map();
  const sizeOf = (file) => {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(distDir, file))).length);
    return gzipped.get(file);
  };
  const closure = (key, files = new Set()) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`No chunk for ${key} in the manifest`);
    if (files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, files);
    return files;
  };
  return readBudgets().routes.map(({ route, area, routes, budgetKb, targetKb }) => {
    const files = closure(`src/app/areas/${area}.ts`, closure(entry));
    const bytes = [...files]
      .filter((file) => file.endsWith('.js'))
      .reduce((sum, file) => sum + sizeOf(file), 0);
    return {
      route,
      area,
      routes,
      kilobytes: bytes / 1024,
      chunks: files.size,
      budgetKb,
      ...(targetKb ? { targetKb } : {}),
    };
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = firstLoadSizes();
  console.log('First-load JavaScript per route (gzipped), by area of the route table:');
  let over = 0;
  const missing = areasWithoutBudget();
  for (const area of missing)
    console.log(`  OVER area "${area}" has no first-load budget in apps/web/bundle-budgets.json`);
  over += missing.length;
  for (const row of rows) {
    const ok = row.kilobytes <= row.budgetKb;
    if (!ok) over += 1;
    const target = row.targetKb && row.kilobytes > row.targetKb ? `  (target ${row.targetKb} KB)` : '';
    console.log(
      `  ${ok ? 'ok  ' : 'OVER'} ${row.route.padEnd(22)} ${row.kilobytes.toFixed(1).padStart(6)} KB in ${String(row.chunks).padStart(2)} chunks, budget ${row.budgetKb} KB${target}`,
    );
    const others = row.routes.filter((route) => route !== row.route);
    if (others.length > 0) console.log(`       the same first load: ${others.join(', ')}`);
  }
  process.exit(over ? 1 : 0);
}
