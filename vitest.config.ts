import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** One Vitest run covers the shared package, the server (integration, real database) and the web app. */
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Vitest's default for a run is one worker fewer than the machine has cores: one worker on a
    // two-core machine, which left a core idle for the whole suite. The test files wait on the
    // database, sleep through timing floors and render in jsdom, so two at once use both cores.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
