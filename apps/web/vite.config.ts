import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { constants, brotliCompress, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The API server (Fastify) listens here in development; the dev server forwards these paths to it. */
const API_ORIGIN = 'http://localhost:3000';
const proxied = { target: API_ORIGIN, changeOrigin: false };

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli's best quality for the app's own chunks; a lower one for the few files over 1 MB (the
 * HEIC converter, 2.9 MB, fetched only when a member picks a HEIC photo): at quality 11 it alone
 * took 5.2 of the build's 7 seconds of compression, for 10% fewer bytes than quality 9.
 */
const brotliQuality = (bytes: number) => (bytes > 1024 * 1024 ? 9 : 11);

/**
 * Writes `.br` and `.gz` next to every text asset of the build, once, at build time: the server
 * sends them to browsers that accept them (@fastify/static `preCompressed`), so no request
 * pays for compressing and no asset travels uncompressed.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'castline-precompress',
    // The browser's build only: the server-rendering build (dist-ssr) is read from disk by the server.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) =>
        /\.(js|css|html|svg|json|webmanifest|txt)$/.test(file),
      );
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const data = await readFile(full);
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: brotliQuality(data.length),
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzipAsync(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * Marks every zod call of the shared package pure (`/* @__PURE__ *\/ z.object(…)`), so that a
 * schema no page reads is left out of the bundle with what it alone uses. The bundler cannot know
 * that building a schema has no side effect: importing one constant or function from a shared
 * `*.schemas.ts` module kept every schema of that module, and zod with them (25 KB), on pages
 * that never validate anything. The calls are found in the syntax tree (after TypeScript is
 * stripped): each chain that starts at zod's `z` (`z.string().max(5)`) is marked once, whole.
 */
function pureSchemas(): Plugin {
  type Node = { type: string; start: number; end: number; [key: string]: unknown };
  const isNode = (value: unknown): value is Node =>
    typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
  /** True when a call's callee is a member chain rooted at the identifier `z`. */
  const rootedAtZ = (node: Node): boolean => {
    let current: Node = node;
    for (;;) {
      if (current.type === 'CallExpression') current = current.callee as Node;
      else if (current.type === 'MemberExpression') current = current.object as Node;
      else return current.type === 'Identifier' && current.name === 'z';
    }
  };
  return {
    name: 'castline:pure-schemas',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!/packages[\\/]shared[\\/]src[\\/].*\.ts$/.test(id) || !code.includes('z.')) return null;
      const starts: number[] = [];
      const visit = (node: Node, insideChain: boolean): void => {
        const chain = node.type === 'CallExpression' && rootedAtZ(node);
        if (chain && !insideChain) starts.push(node.start);
        for (const [key, value] of Object.entries(node)) {
          // The callee of a marked chain is the same chain; its arguments are new expressions.
          const stillInside = chain && key === 'callee';
          for (const child of Array.isArray(value) ? value : [value]) {
            if (isNode(child))
              visit(
                child,
                stillInside || (insideChain && node.type === 'MemberExpression' && key === 'object'),
              );
          }
        }
      };
      visit(this.parse(code) as unknown as Node, false);
      let out = code;
      for (const at of starts.sort((a, b) => b - a))
        out = `${out.slice(0, at)}/* @__PURE__ */ ${out.slice(at)}`;
      return { code: out, map: null };
    },
  };
}

/**
 * A lazily loaded chunk comes with a list of the files to fetch alongside it (Vite's preload list,
 * written into the chunk that imports it). The list need not name a chunk that the importing chunk
 * itself imports statically, directly or not (the entry and its imports included): that chunk is
 * loaded before the import can run. Named anyway, they were about 15 file names in every list, on
 * every page's first load (0.8 KB gzipped in the profile page's own chunk alone).
 */
function alreadyLoadedChunks() {
  let bundle: Record<string, { type: string; imports?: string[] }> = {};
  const closures = new Map<string, Set<string>>();
  /** The chunks `fileName` needs loaded before it runs: itself and its static imports, recursively. */
  const closureOf = (fileName: string): Set<string> => {
    let files = closures.get(fileName);
    if (files) return files;
    files = new Set();
    const visit = (name: string) => {
      const chunk = bundle[name];
      if (files!.has(name) || chunk?.type !== 'chunk') return;
      files!.add(name);
      chunk.imports?.forEach(visit);
    };
    visit(fileName);
    closures.set(fileName, files);
    return files;
  };
  const plugin: Plugin = {
    name: 'castline-already-loaded-chunks',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle: {
      // Before Vite writes the preload lists (its own generateBundle), which read the graph.
      order: 'pre',
      handler(_options, output) {
        bundle = output;
        closures.clear();
      },
    },
  };
  return {
    plugin,
    /** `build.modulePreload.resolveDependencies`: the preload list without what the importer already has. */
    resolveDependencies: (_file: string, deps: string[], { hostId }: { hostId: string }) => {
      const loaded = closureOf(hostId);
      return deps.filter((dep) => !loaded.has(dep));
    },
  };
}

const alreadyLoaded = alreadyLoadedChunks();

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), pureSchemas(), alreadyLoaded.plugin],
  server: {
    proxy: {
      // ws: the realtime socket (/api/realtime) goes through the dev server too.
      '/api': { ...proxied, ws: true },
      '/files': proxied,
      '/dev/mailbox': proxied,
    },
  },
  ssr: {
    // The server-rendering build (dist-ssr/entry-server.js) carries its libraries, so the API server
    // loads it without resolving the web app's dependencies.
    noExternal: true,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The chunk graph, read by scripts/bundle-size.mjs to hold each route's first load to its budget.
    manifest: true,
    modulePreload: { resolveDependencies: alreadyLoaded.resolveDependencies },
    // The sizes that matter are held by scripts/bundle-size.mjs; gzipping every chunk again only to
    // print its size cost the build (and `npm start`) half a second.
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        /*
         * React and the router are on every page and change less often than the app: one
         * long-cached chunk. Every other library goes with the pages that use it, so a page loads
         * only what it needs (one catch-all vendor chunk put every page's libraries on the first load).
         */
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|src[\\/]lib[\\/]router[\\/]/,
            },
            // The icons that ten or more of the app's chunks draw (close, chevrons, a pin, a heart):
            // one chunk on the pages that use them, rather than a dozen files of a few hundred bytes,
            // each compressed apart. Icons fewer chunks use stay with them.
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, minShareCount: 10 },
            // The query cache is on every page too; kept whole, it is not cut into pieces by the
            // pages' dialogs that load later.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            // What a topic, the Community list and a tag page draw of every post's author and time:
            // one chunk on those three first loads rather than three.
            {
              name: 'forum-author',
              includeDependenciesRecursively: false,
              test: /src[\\/]features[\\/]forum[\\/]components[\\/](blocked-notice|forum-author|post-time)\.tsx$/,
            },
            // The topic's API hooks, their keys and the forum's constants go together onto the same
            // three first loads (a topic, the Community list, forum administration): one chunk.
            {
              name: 'forum-data',
              includeDependenciesRecursively: false,
              test: /(src[\\/]features[\\/]forum[\\/]api[\\/](forum\.api|forum-keys)|shared[\\/]src[\\/]forum[\\/]forum-constants)\.ts$/,
            },
            // The report button and the member's presence are on the first load of the listing,
            // profile, topic and inbox pages (the presence label's own code loads for signed-in
            // members only: member-presence.tsx). Review cards, loaded later on a profile or an
            // order, use them too; left to itself the bundler would cut them into pieces on those
            // first loads. Only these modules, not their dependencies.
            {
              name: 'report-button',
              includeDependenciesRecursively: false,
              test: /src[\\/]features[\\/](reports[\\/](index\.ts|components[\\/]report-button\.tsx|api[\\/]report-labels\.ts)|presence[\\/]components[\\/]member-presence\.tsx)$/,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Test files share their worker's module graph instead of importing React, the UI kit and the
    // app's modules again for each of them (the web suite ran in 42 s instead of 123 s). The setup
    // file still runs for every file and unmounts, clears storage and restores doubles after
    // every test.
    isolate: false,
    // Form journeys type and render a lot in jsdom; on a busy two-core machine 5 s is too tight.
    testTimeout: 15_000,
  },
});
