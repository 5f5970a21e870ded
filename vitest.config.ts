import { defineConfig } from 'vitest/config';

/** One Vitest run covers the shared package, the server (integration, real database) and the web app. */
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
  },
});
