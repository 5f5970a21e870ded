import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The API server (Fastify) listens here in development; the dev server forwards these paths to it. */
const API_ORIGIN = 'http://localhost:3000';
const proxied = { target: API_ORIGIN, changeOrigin: false };

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      // ws: the realtime socket (/api/realtime) goes through the dev server too.
      '/api': { ...proxied, ws: true },
      '/files': proxied,
      '/dev/mailbox': proxied,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The chunk graph, read by scripts/bundle-size.mjs to hold each route's first load to its budget.
    manifest: true,
    rolldownOptions: {
      output: {
        /*
         * React and the router are on every page and change less often than the app: one
         * long-cached chunk. Every other library goes with the pages that use it, so a page loads
         * only what it needs (one catch-all vendor chunk put every page's libraries on the first load).
         */
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
