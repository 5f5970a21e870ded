import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: process.env.CASTLINE_TEST_ENGINE === 'postgres' ? 'server (postgres)' : 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The Redis suite needs a Redis server; it is part of the run whenever REDIS_URL is set.
    // Two instances over PostgreSQL and Redis: the PostgreSQL pass when REDIS_URL is set.
    // The PostgreSQL pool settings: the PostgreSQL pass.
    exclude: [
      ...(process.env.CASTLINE_TEST_ENGINE === 'postgres' ? [] : ['test/postgres-pool.test.ts']),
      // Backup and restore of the embedded database, and its engine's settings: the embedded
      // (default) pass.
      ...(process.env.CASTLINE_TEST_ENGINE === 'postgres'
        ? ['src/ops/embedded-backup.test.ts', 'src/db/embedded-engine.test.ts']
        : []),
      ...(process.env.REDIS_URL ? [] : ['test/redis.test.ts']),
      ...(process.env.REDIS_URL && process.env.CASTLINE_TEST_ENGINE === 'postgres'
        ? []
        : ['test/realtime-multi-instance.test.ts']),
    ],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    // Each worker process runs its test files one after another in one module graph: the app's
    // modules are imported once per worker, not once per file (that import was a fifth of the
    // suite's time). Every file still gets its own database copy and its own app instance, and
    // closes both; nothing a test relies on lives in module state.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
