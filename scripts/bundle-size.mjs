// First-load JavaScript per route of the built web app (apps/web/dist), gzipped, against the
// budgets in apps/web/bundle-budgets.json. `node scripts/bundle-size.mjs` prints the table and
// exits 1 when a route is over its budget; `npm test` runs it after the build.
//
// A route's first load is what the browser must fetch before the page can render: the entry
// (index.html's script) with every chunk it imports statically, plus the route's area chunk
// (app/areas/*, loaded by the router) with its static imports. A page inside a layout that is
// lazily loaded too (the admin frame: `layoutArea`) needs that layout's area as well: the page
// renders once both are in (an admin page's area is even loaded through the frame's), so its
// first load is the union of the three closures (a chunk they share counted once). Chunks loaded
// later (dialogs' libraries, HEIC conversion) are not counted.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps', 'web');

/** @returns {{ routes: { route: string; area: string; layoutArea?: string; routes: string[]; budgetKb: number; targetKb?: number }[] }} */
export function readBudgets() {
  return JSON.parse(readFileSync(path.join(webDir, 'bundle-budgets.json'), 'utf8'));
}

/**
 * The areas of the route table (app/areas/*.ts) that no row of bundle-budgets.json counts, as the
 * page's area or as the layout's.
 */
export function areasWithoutBudget() {
  const budgeted = new Set(
    readBudgets().routes.flatMap((row) => (row.layoutArea ? [row.area, row.layoutArea] : [row.area])),
  );
  return readdirSync(path.join(webDir, 'src', 'app', 'areas'))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .filter((area) => !budgeted.has(area));
}

/**
 * @param {string} [distDir] the built app (apps/web/dist by default)
 * @returns {{ route: string; area: string; layoutArea?: string; routes: string[]; kilobytes: number; chunks: number; budgetKb: number; targetKb?: number }[]}
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
  const areaKey = (name) => `src/app/areas/${name}.ts`;
  return readBudgets().routes.map(({ route, area, layoutArea, routes, budgetKb, targetKb }) => {
    const files = closure(areaKey(area), closure(entry));
    if (layoutArea) closure(areaKey(layoutArea), files);
    const bytes = [...files]
      .filter((file) => file.endsWith('.js'))
      .reduce((sum, file) => sum + sizeOf(file), 0);
    return {
      route,
      area,
      ...(layoutArea ? { layoutArea } : {}),
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
    if (row.layoutArea) console.log(`       with the layout's area: ${row.layoutArea}`);
    const others = row.routes.filter((route) => route !== row.route);
    if (others.length > 0) console.log(`       the same first load: ${others.join(', ')}`);
  }
  process.exit(over ? 1 : 0);
}
