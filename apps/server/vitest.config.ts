import { defineProject } from 'vitest/config';

/**
 * The API tests, run against a real database: PGlite by default, PostgreSQL when
 * TEST_DATABASE_URL is set (the root test script runs both where PostgreSQL is reachable).
 */
export default defineProject({
  test: {
    name: process.env.TEST_DATABASE_URL ? 'server-pg' : 'server',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/setup/global-setup.ts'],
    setupFiles: ['./test/setup/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite holds ~800 MB per open database; one worker process at a time keeps CI's memory flat.
    maxWorkers: 1,
    minWorkers: 1,
    isolate: true,
  },
});
