// `npm run check:boundaries`: how the features of the server (apps/server/src/modules/<f>) and of
// the web app (apps/web/src/features/<f>) reach each other. It counts, for each side:
//   - bypasses: an import of another feature's file other than its public door
//     (`<feature>/index.ts`), from another feature or from the app's composition (app.ts, app/);
//   - layer imports: a shared layer that must not know any feature importing one (server:
//     http/, platform/, db/; web: components/, lib/);
//   - cycles: pairs of features that import each other, directly or round a longer loop
//     (every edge inside a strongly connected group of features counts once).
// Tests (`*.test.ts(x)`, test/ folders, test helpers) are left out: they may reach into what they
// test.
//
// Every count must be 0; the check fails otherwise and names each import it counted.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SIDES = [
  {
    name: 'server',
    src: 'apps/server/src',
    features: 'modules',
    composition: [/^app\.ts$/, /^main\.ts$/, /^runtime\.ts$/, /^seed\//, /^ops\//],
    layers: [/^http\//, /^platform\//, /^db\//],
  },
  {
    name: 'web',
    src: 'apps/web/src',
    features: 'features',
    composition: [/^app\//, /^main\.tsx$/, /^entry-server\.tsx$/],
    layers: [/^components\//, /^lib\//],
  },
];

const SOURCE = /\.(ts|tsx|mts)$/;
const TEST = /(\.test\.tsx?$|\.test-helpers\.tsx?$|(^|\/)test\/|(^|\/)testing\/)/;

function walk(dir) {
  const out = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else if (SOURCE.test(entry) && !entry.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The file a relative specifier names (TypeScript's resolution for .js → .ts and folders). */
function resolve(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  for (const candidate of [
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    base,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The feature a path (relative to src) belongs to, or undefined outside the features folder. */
function featureOf(side, relative) {
  const parts = relative.split('/');
  return parts[0] === side.features && parts.length > 2 ? parts[1] : undefined;
}

function isDoor(side, relative) {
  return new RegExp(`^${side.features}/[^/]+/index\\.tsx?$`).test(relative);
}

/** Strongly connected groups of more than one feature (Tarjan). */
function cycleGroups(edges) {
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((set) => [...set])])];
  let index = 0;
  const stack = [];
  const meta = new Map();
  const groups = [];
  function connect(node) {
    meta.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!meta.has(next)) {
        connect(next);
        meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).low);
      } else if (meta.get(next).onStack) {
        meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).index);
      }
    }
    if (meta.get(node).low === meta.get(node).index) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        meta.get(member).onStack = false;
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  }
  for (const node of nodes) if (!meta.has(node)) connect(node);
  return groups;
}

function check(side) {
  const srcDir = path.join(root, side.src);
  const bypasses = [];
  const layerImports = [];
  const edges = new Map();
  for (const file of walk(srcDir)) {
    const from = path.relative(srcDir, file).split(path.sep).join('/');
    if (TEST.test(from)) continue;
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const fromFeature = featureOf(side, from);
    for (const imported of info.importedFiles) {
      const target = resolve(file, imported.fileName);
      if (!target) continue;
      const to = path.relative(srcDir, target).split(path.sep).join('/');
      const toFeature = featureOf(side, to);
      if (!toFeature || toFeature === fromFeature) continue;
      const line = `${side.src}/${from} → ${side.src}/${to}`;
      if (side.layers.some((layer) => layer.test(from))) layerImports.push(line);
      else if (!isDoor(side, to)) bypasses.push(line);
      if (fromFeature) {
        if (!edges.has(fromFeature)) edges.set(fromFeature, new Set());
        edges.get(fromFeature).add(toFeature);
      }
    }
  }
  const groups = cycleGroups(edges);
  const cycleEdges = [];
  for (const group of groups) {
    for (const from of group) {
      for (const to of edges.get(from) ?? []) if (group.includes(to)) cycleEdges.push(`${from} → ${to}`);
    }
  }
  return {
    counts: { bypasses: bypasses.length, layerImports: layerImports.length, cycleEdges: cycleEdges.length },
    bypasses,
    layerImports,
    groups,
    cycleEdges,
  };
}

const results = Object.fromEntries(SIDES.map((side) => [side.name, check(side)]));

let failed = false;
for (const [name, result] of Object.entries(results)) {
  const { counts } = result;
  console.log(
    `${name}: ${counts.bypasses} imports bypass a feature's index.ts, ${counts.layerImports} shared-layer imports of a feature, ${counts.cycleEdges} feature-to-feature imports inside cycles${result.groups.length ? ` (${result.groups.map((group) => group.join(' ↔ ')).join('; ')})` : ''}`,
  );
  for (const line of result.bypasses) console.log(`  bypass  ${line}`);
  for (const line of result.layerImports) console.log(`  layer   ${line}`);
  for (const line of result.cycleEdges) console.log(`  cycle   ${line}`);
  if (counts.bypasses || counts.layerImports || counts.cycleEdges) failed = true;
}
if (failed) {
  console.error(
    'A feature is reached past its public door, a shared layer imports a feature, or features import each other in a loop: import what another feature offers from its index.ts, move what several share down to components/, lib/, platform/ or db/, and let side effects travel as domain events (docs/ARCHITECTURE.md).',
  );
  process.exit(1);
}
