import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: process.env.CASTLINE_TEST_ENGINE === 'postgres' ? 'server (postgres)' : 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The Redis suite needs a Redis server; it is part of the run whenever REDIS_URL is set.
    exclude: process.env.REDIS_URL ? [] : ['test/redis.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
