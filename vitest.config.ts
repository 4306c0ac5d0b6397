import { defineConfig } from 'vitest/config';

/**
 * One test command, four projects: pure rules (shared), the API against a real database
 * (server), React components (web) and user journeys in Chromium (e2e).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      './apps/server/vitest.config.ts',
      './apps/web/vite.config.ts',
      './e2e/vitest.config.ts',
    ],
  },
});
